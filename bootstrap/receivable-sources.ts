import { INVOICE_FIELDS } from '../adapters/persistence/billing/invoice.store-repository.ts';
import { PAYMENT_FIELDS } from '../adapters/persistence/billing/payment.store-repository.ts';
import type { ReceivableSources } from '../adapters/persistence/billing/receivable-days.store.ts';
import { recordMapper, type DocumentOf } from '../adapters/persistence/shared/document-mapping.ts';
import { storedRecords } from '../adapters/persistence/shared/stored-records.ts';
import type { Invoice } from '../core/billing/invoice.ts';
import type { Payment } from '../core/billing/payment.ts';
import type { CollectionStore } from '../ports/shared/persistence/collection-store.port.ts';

/** The stored invoices of every organization and the rows on them, as the kept receivables are counted from. */
export const receivableSources = (store: CollectionStore): ReceivableSources => {
  const invoices = recordMapper(INVOICE_FIELDS);
  const rows = recordMapper(PAYMENT_FIELDS);
  return {
    invoices: () => storedRecords(store.collection<DocumentOf<Invoice>>('invoices'), (document) => invoices.fromStored(document)),
    rowsOf: async (orgId, invoiceIds) =>
      (await store.collection<DocumentOf<Payment>>('payments').find({ orgId, invoiceId: { $in: [...invoiceIds] } })).map((document) =>
        rows.fromStored(document),
      ),
  };
};
