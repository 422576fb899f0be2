import type { FinancialAlertDispatch } from '../../ports/billing/financial-alert-dispatch.use-case.ts';
import type { JobDefinition } from '../../ports/platform/job-definition.port.ts';

/** Mails queued financial alerts to the billing people of their organization. */
export const financialAlertsJob = (dispatch: FinancialAlertDispatch): JobDefinition => ({
  name: 'financial-alerts',
  every: '5 seconds',
  run: async () => {
    await dispatch.dispatch();
  },
});
