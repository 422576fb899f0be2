import type { Logger } from 'pino';
import { join } from 'node:path';
import { AiDocumentClassifier } from '../adapters/documents/ai-document-classifier.ts';
import { ChromiumRenderer } from '../adapters/documents/chromium-renderer.ts';
import { DiskFileStorage } from '../adapters/documents/disk-file-storage.ts';
import { DEFAULT_PDF_POOL, PdfWorkerPool } from '../adapters/documents/pdf-worker.pool.ts';
import { documentRoutes } from '../adapters/http/documents/documents.routes.ts';
import { ingestionRoutes } from '../adapters/http/documents/ingestion.routes.ts';
import { renderingRoutes } from '../adapters/http/documents/rendering.routes.ts';
import { CollectionFileStorage } from '../adapters/persistence/documents/collection-file-storage.ts';
import { DocumentStoreRepository } from '../adapters/persistence/documents/document.store-repository.ts';
import { StorageUsageStoreRepository } from '../adapters/persistence/documents/storage-usage.store-repository.ts';
import { HmacDownloadLinks } from '../adapters/security/hmac-download-links.ts';
import { DocumentIngestion } from '../ports/documents/document-ingestion.use-case.ts';
import { DocumentLibrary } from '../ports/documents/document-library.use-case.ts';
import { PdfRendering } from '../ports/documents/pdf-rendering.use-case.ts';
import { AUDIT } from './audit.tokens.ts';
import { AUTHORIZATION } from './authorization.tokens.ts';
import type { AppConfig } from './config.ts';
import { DOCUMENTS } from './documents.tokens.ts';
import { PLATFORM } from './platform.tokens.ts';
import { bindings, type ContextModule } from './wiring.ts';

/** Stored files and their records with signed download links; PDF reading, drawing and rendering. */
export const documentsModule = (config: AppConfig, logger: Logger): ContextModule => ({
  name: 'documents',
  bindings: bindings((wire) => {
    wire.factory(DOCUMENTS.PdfWorkers, {}, () => new PdfWorkerPool({ ...DEFAULT_PDF_POOL, ...config.pdf }));
    wire.factory(DOCUMENTS.HtmlRenderer, {}, () => new ChromiumRenderer(config.render));
    // A bucket when configured. Otherwise one process owns an embedded data directory, so its files
    // are the document storage; processes sharing MongoDB share the documents through it.
    // (The S3 client is loaded only when a bucket is configured.)
    wire.factory(DOCUMENTS.FileStorage, { store: PLATFORM.Store }, async ({ store }) => {
      if (config.s3) return new (await import('../adapters/documents/s3-file-storage.ts')).S3FileStorage(config.s3);
      return store.engine === 'mongodb' ? new CollectionFileStorage(store) : new DiskFileStorage(join(config.dataDir, 'files'));
    });
    wire.factory(DOCUMENTS.DocumentRepository, { store: PLATFORM.Store }, ({ store }) => DocumentStoreRepository.create(store));
    wire.factory(DOCUMENTS.StorageUsage, { store: PLATFORM.Store }, ({ store }) => StorageUsageStoreRepository.create(store));
    wire.factory(
      DOCUMENTS.DocumentLibrary,
      {
        storage: DOCUMENTS.FileStorage,
        documents: DOCUMENTS.DocumentRepository,
        relationships: AUTHORIZATION.RecordRelationships,
        ids: PLATFORM.Ids,
        clock: PLATFORM.Clock,
        usage: DOCUMENTS.StorageUsage,
      },
      (deps) => new DocumentLibrary({ ...deps, links: new HmacDownloadLinks(config.secrets.jwtSecret), quotaBytes: config.storageQuotaBytes }),
    );
    const recorded = { library: DOCUMENTS.DocumentLibrary, audit: AUDIT.AuditTrail, ids: PLATFORM.Ids } as const;
    wire.factory(DOCUMENTS.DocumentIngestion, { ...recorded, analysis: DOCUMENTS.PdfWorkers }, ({ analysis, ...deps }) => {
      const classifier = config.ai ? new AiDocumentClassifier(config.ai, analysis, logger.child({ component: 'ai-classifier' })) : analysis;
      return new DocumentIngestion({ ...deps, classifier });
    });
    wire.factory(DOCUMENTS.PdfRendering, { ...recorded, renderer: DOCUMENTS.HtmlRenderer, inspector: DOCUMENTS.PdfWorkers }, (deps) => new PdfRendering(deps));
  }),
  routes: async (resolve) => [
    ...documentRoutes(await resolve(DOCUMENTS.DocumentLibrary), await resolve(AUTHORIZATION.RecordAccess), config.publicBaseUrl),
    ...renderingRoutes(await resolve(DOCUMENTS.PdfRendering), config.publicBaseUrl),
    ...ingestionRoutes(await resolve(DOCUMENTS.DocumentIngestion), config.publicBaseUrl),
  ],
});
