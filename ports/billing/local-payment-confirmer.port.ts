/** Completes a local card payment at once; null where a real processor confirms payments. */
export type LocalPaymentConfirmer = (input: { orgId: string; invoiceId: string; intentId: string }) => Promise<{ body: Record<string, unknown> }>;
