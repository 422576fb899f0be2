import test from 'ava';
import { isPublicAddress } from '../../adapters/webhooks/public-address.ts';

const NOT_PUBLIC = [
  '127.0.0.1',
  '127.255.255.254',
  '0.0.0.0',
  '10.0.0.1',
  '172.16.5.4',
  '172.31.255.255',
  '192.168.1.1',
  '169.254.169.254',
  '100.64.0.1',
  '192.0.0.8',
  '192.0.2.1',
  '198.18.0.1',
  '198.51.100.7',
  '203.0.113.9',
  '224.0.0.1',
  '240.0.0.1',
  '255.255.255.255',
  '0177.0.0.1',
  '2130706433',
  '0x7f.0.0.1',
  '::',
  '::1',
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::ffff:169.254.169.254',
  '::ffff:10.0.0.1',
  '::127.0.0.1',
  '::7f00:1',
  '64:ff9b::7f00:1',
  '64:ff9b::8.8.8.8',
  '64:ff9b:1::1',
  '2002:7f00:1::',
  '2002:0808:0808::1',
  '2001::1',
  '2001:db8::1',
  '3fff::1',
  'fc00::1',
  'fd12:3456::1',
  'fe80::1',
  'fec0::1',
  'ff02::1',
  '100::1',
  '[::1]',
  'localhost',
  '',
  'not-an-address',
];
const PUBLIC = ['8.8.8.8', '1.1.1.1', '93.184.216.34', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '2a00:1450:4001:82b::200e', '[2606:4700::1]'];

test('special-purpose addresses in any spelling are not public', (t) => {
  for (const address of NOT_PUBLIC) t.false(isPublicAddress(address), address);
});

test('global unicast addresses are public', (t) => {
  for (const address of PUBLIC) t.true(isPublicAddress(address), address);
});
