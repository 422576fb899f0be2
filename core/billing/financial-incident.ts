/** The financial steps whose failure needs a person. */
export const FINANCIAL_OPERATIONS = ['receipt_generation', 'commission_calculation', 'ledger_sync', 'refund_processing', 'payment_processing'] as const;
export type FinancialOperation = (typeof FINANCIAL_OPERATIONS)[number];

/** A `financial.operation_failed` record: always critical, always for manual review. */
export interface FinancialIncident {
  readonly id: string;
  readonly type: 'financial.operation_failed';
  readonly orgId: string;
  readonly operation: FinancialOperation;
  readonly severity: 'critical';
  readonly requiresManualReview: true;
  /** 1 for ledger sync failures, the incidents that block the books; 2 otherwise. */
  readonly priority: 1 | 2;
  readonly reference: string;
  readonly invoiceId: string | null;
  readonly error: string;
  readonly createdAt: Date;
}

export const financialIncident = (input: {
  id: string;
  orgId: string;
  operation: FinancialOperation;
  reference: string;
  invoiceId: string | null;
  error: string;
  at: Date;
}): FinancialIncident => ({
  id: input.id,
  type: 'financial.operation_failed',
  orgId: input.orgId,
  operation: input.operation,
  severity: 'critical',
  requiresManualReview: true,
  priority: input.operation === 'ledger_sync' ? 1 : 2,
  reference: input.reference,
  invoiceId: input.invoiceId,
  error: input.error,
  createdAt: input.at,
});
