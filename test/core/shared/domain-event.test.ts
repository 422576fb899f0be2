import test from 'ava';
import { domainEvent } from '../../../core/shared/events/domain-event.ts';
import { EVENT_TYPES } from '../../../core/shared/events/event-catalog.ts';
import { EVENT_MONEY_FIELDS } from '../../../core/shared/events/event-data.ts';
import { cents } from '../../../core/shared/money.ts';

const origin = { id: 'evt_1', orgId: 'org_1', at: new Date('2027-01-01T00:00:00Z') };

test('events carry cents inside and serialize every money field to dollars, nothing else', (t) => {
  const event = domainEvent(
    'policy.endorsed',
    {
      policyId: 'pol_1',
      policyNumber: 'GL-2027-000001',
      endorsementId: 'ptx_1',
      effectiveDate: '2027-07-02',
      premiumDelta: cents(-123_45),
      grossPremium: cents(5548_00),
    },
    origin,
  );
  t.deepEqual(event, {
    id: 'evt_1',
    type: 'policy.endorsed',
    orgId: 'org_1',
    timestamp: origin.at,
    data: { policyId: 'pol_1', policyNumber: 'GL-2027-000001', endorsementId: 'ptx_1', effectiveDate: '2027-07-02', premiumDelta: -123.45, grossPremium: 5548 },
  });
  t.deepEqual(domainEvent('webhook.test', { subscriptionId: 'whk_1', message: 'Test delivery' }, origin).data, {
    subscriptionId: 'whk_1',
    message: 'Test delivery',
  });
});

test('every event type of the catalog declares its money fields', (t) => {
  t.deepEqual(Object.keys(EVENT_MONEY_FIELDS).sort(), Object.keys(EVENT_TYPES).sort());
});
