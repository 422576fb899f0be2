import test from 'ava';
import { refundStepReference, reportedRefundTarget } from '../../../core/billing/payment.ts';
import { cents } from '../../../core/shared/money.ts';

test('the reported refunds to record: the larger of the cumulative amount and the listed refunds, less what this service refunded itself', (t) => {
  t.is(reportedRefundTarget({}) as number, 0);
  t.is(reportedRefundTarget({ processorReported: cents(5_000) }) as number, 5_000);
  t.is(reportedRefundTarget({ processorReported: cents(5_000), processorRefundIdsTotal: cents(7_000) }) as number, 7_000);
  // Our own refund of 4,000 is recorded by its request, in flight or not.
  t.is(reportedRefundTarget({ processorReported: cents(5_000), refundHeld: cents(4_000) }) as number, 1_000);
  t.is(reportedRefundTarget({ processorRefundIdsTotal: cents(3_000), refundHeld: cents(4_000) }) as number, 0);
});

test('a refund step always has the same reference', (t) => {
  t.is(refundStepReference({ reference: 'pi_1' }, { from: cents(0), to: cents(2_500) }), 'pi_1:refunded:0-2500');
});
