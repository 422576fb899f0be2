import ipaddr from 'ipaddr.js';

/**
 * Special-purpose ranges from the IANA IPv4 and IPv6 special-purpose address registries, plus
 * multicast and the ranges reserved for future use. An address in none of them is public.
 * Addresses are compared as bytes, so no spelling (`::ffff:7f00:1`, `0177.0.0.1`) slips past.
 */
const IPV4_SPECIAL = [
  '0.0.0.0/8', // "this network"
  '10.0.0.0/8', // private
  '100.64.0.0/10', // carrier-grade NAT
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link-local, cloud metadata
  '172.16.0.0/12', // private
  '192.0.0.0/24', // IETF protocol assignments
  '192.0.2.0/24', // documentation
  '192.31.196.0/24', // AS112
  '192.52.193.0/24', // AMT
  '192.88.99.0/24', // 6to4 relay anycast
  '192.168.0.0/16', // private
  '192.175.48.0/24', // direct delegation AS112
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // documentation
  '203.0.113.0/24', // documentation
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, broadcast
].map((cidr) => ipaddr.IPv4.parseCIDR(cidr));

/** Outside 2000::/3 nothing is global unicast; inside it, these are special. */
const IPV6_GLOBAL = ipaddr.IPv6.parseCIDR('2000::/3');
const IPV6_SPECIAL = [
  '2001::/23', // IETF protocol assignments (Teredo, ORCHID, benchmarking, ...)
  '2001:db8::/32', // documentation
  '2002::/16', // 6to4: embeds an IPv4 address
  '3fff::/20', // documentation
].map((cidr) => ipaddr.IPv6.parseCIDR(cidr));

const publicV4 = (address: ipaddr.IPv4): boolean => !IPV4_SPECIAL.some((range) => address.match(range));

/** Whether `text` is an IP address that may be reached from the service (never loopback, private, metadata, ...). */
export const isPublicAddress = (text: string): boolean => {
  const literal = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (!ipaddr.isValid(literal)) return false;
  const address = ipaddr.parse(literal);
  if (address.kind() === 'ipv4') return publicV4(address as ipaddr.IPv4);
  const v6 = address as ipaddr.IPv6;
  // IPv4-mapped, IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::/96, 64:ff9b:1::/48) forms reach
  // an IPv4 host; they are outside 2000::/3 and refused below, whatever IPv4 address they embed.
  if (!v6.match(IPV6_GLOBAL)) return false;
  return !IPV6_SPECIAL.some((range) => v6.match(range));
};

/** Whether the URL host is an IP literal rather than a name to resolve. */
export const isAddressLiteral = (host: string): boolean => ipaddr.isValid(host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host);
