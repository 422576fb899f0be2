import { join } from 'node:path';

/** The embedded classifier's model, built by `npm run build:classifier` (fixtures/classifier/build-model.ts). */
export const CLASSIFIER_MODEL_PATH = join(import.meta.dirname, '../../fixtures/classifier/model.json');
