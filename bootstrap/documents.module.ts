import { join } from 'node:path';
import { DiskFileStorage } from '../adapters/documents/disk-file-storage.ts';
import { S3FileStorage } from '../adapters/documents/s3-file-storage.ts';
import type { Logger } from 'pino';
import { AiDocumentClassifier } from '../adapters/documents/ai-document-classifier.ts';
import { ChromiumRenderer } from '../adapters/documents/chromium-renderer.ts';
import { DEFAULT_PDF_POOL, PdfWorkerPool } from '../adapters/documents/pdf-worker.pool.ts';
import { certificateRoutes } from '../adapters/http/documents/certificates.routes.ts';
import { documentRoutes } from '../adapters/http/documents/documents.routes.ts';
import { renderingRoutes } from '../adapters/http/documents/rendering.routes.ts';
import { ingestionRoutes } from '../adapters/http/documents/ingestion.routes.ts';
import { DocumentStoreRepository } from '../adapters/persistence/documents/document.store-repository.ts';
import { CollectionFileStorage } from '../adapters/persistence/documents/collection-file-storage.ts';
import { HmacDownloadLinks } from '../adapters/security/hmac-download-links.ts';
import { Certificates } from '../ports/documents/certificates.use-case.ts';
import { DocumentIngestion } from '../ports/documents/document-ingestion.use-case.ts';
import { DocumentLibrary } from '../ports/documents/document-library.use-case.ts';
import { StorageUsageStoreRepository } from '../adapters/persistence/documents/storage-usage.store-repository.ts';
import { PdfRendering } from '../ports/documents/pdf-rendering.use-case.ts';
import type { AppConfig } from './config.ts';
import { TOKENS } from './tokens.ts';
import { bindings, type ContextModule } from './wiring.ts';

/** Stored files (receipts, uploads), their records and signed download links; PDF form reading. */
export const documentsModule = (config: AppConfig, logger: Logger): ContextModule => ({
  name: 'documents',
  bindings: bindings((wire) => {
    wire.factory(TOKENS.PdfWorkers, [], () => new PdfWorkerPool({ ...DEFAULT_PDF_POOL, ...config.pdf }));
    wire.factory(TOKENS.HtmlRenderer, [], () => new ChromiumRenderer(config.render));
    wire.factory(TOKENS.DocumentIngestion, [TOKENS.PdfWorkers, TOKENS.DocumentLibrary, TOKENS.AuditTrail, TOKENS.Ids], (analysis, library, audit, ids) => {
      const classifier = config.ai ? new AiDocumentClassifier(config.ai, analysis, logger.child({ component: 'ai-classifier' })) : analysis;
      return new DocumentIngestion({ classifier, library, audit, ids });
    });
    wire.factory(
      TOKENS.PdfRendering,
      [TOKENS.HtmlRenderer, TOKENS.PdfWorkers, TOKENS.DocumentLibrary, TOKENS.AuditTrail, TOKENS.Ids],
      (renderer, inspector, library, audit, ids) => new PdfRendering({ renderer, inspector, library, audit, ids }),
    );
    // A bucket when configured. Otherwise one process owns an embedded data directory, so its files
    // are the document storage; processes sharing MongoDB share the documents through it.
    wire.factory(TOKENS.FileStorage, [TOKENS.Store], (store) => {
      if (config.s3) return new S3FileStorage(config.s3);
      return store.engine === 'mongodb' ? new CollectionFileStorage(store) : new DiskFileStorage(join(config.dataDir, 'files'));
    });
    wire.factory(TOKENS.DocumentRepository, [TOKENS.Store], DocumentStoreRepository.create);
    wire.factory(TOKENS.StorageUsage, [TOKENS.Store], StorageUsageStoreRepository.create);
    wire.factory(
      TOKENS.DocumentLibrary,
      [TOKENS.FileStorage, TOKENS.DocumentRepository, TOKENS.RecordRelationships, TOKENS.Ids, TOKENS.Clock, TOKENS.StorageUsage],
      (storage, documents, relationships, ids, clock, usage) =>
        new DocumentLibrary({
          storage,
          documents,
          links: new HmacDownloadLinks(config.secrets.jwtSecret),
          relationships,
          ids,
          clock,
          usage,
          quotaBytes: config.storageQuotaBytes,
        }),
    );
    wire.factory(
      TOKENS.Certificates,
      [
        TOKENS.PolicyRepository,
        TOKENS.OrganizationRepository,
        TOKENS.ProducerRepository,
        TOKENS.Programs,
        TOKENS.Sequences,
        TOKENS.PdfWorkers,
        TOKENS.DocumentLibrary,
        TOKENS.AuditTrail,
        TOKENS.Clock,
      ],
      (policies, organizations, producers, programs, sequences, drawing, library, audit, clock) =>
        new Certificates({ policies, organizations, producers, programs, sequences, drawing, library, audit, clock }),
    );
  }),
  routes: async (resolve) => [
    ...documentRoutes(await resolve(TOKENS.DocumentLibrary), await resolve(TOKENS.RecordAccess), config.publicBaseUrl),
    ...certificateRoutes(await resolve(TOKENS.Certificates), await resolve(TOKENS.RecordAccess), config.publicBaseUrl),
    ...renderingRoutes(await resolve(TOKENS.PdfRendering), config.publicBaseUrl),
    ...ingestionRoutes(await resolve(TOKENS.DocumentIngestion), config.publicBaseUrl),
  ],
});
