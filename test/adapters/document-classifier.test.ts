import test from 'ava';
import { readFile } from 'node:fs/promises';
import { CLASSIFIER_MODEL_PATH } from '../../adapters/documents/classifier-model.ts';
import { classify, DOCUMENT_CLASSES, type ClassifierModel } from '../../core/documents/document-classification.ts';
import { buildModel, featuresOfDocument } from '../../fixtures/classifier/build-model.ts';
import { heldOutSet, LAYOUTS, TRAINING_LAYOUTS } from '../../fixtures/documents/document-generator.ts';

const committed = async (): Promise<ClassifierModel> => JSON.parse(await readFile(CLASSIFIER_MODEL_PATH, 'utf8'));

test('the committed model is exactly what `npm run build:classifier` builds from the fixture documents', async (t) => {
  t.deepEqual(await buildModel(), await committed());
});

test('held-out documents (other seeds, and a layout of each type never trained on) are classified at least 90 % right; mistakes ask for review', async (t) => {
  const model = await committed();
  const documents = await heldOutSet(8);
  let right = 0;
  let unseenRight = 0;
  let unseen = 0;
  const confusions: string[] = [];
  for (const document of documents) {
    const result = classify(model, await featuresOfDocument(document));
    const correct = result.type === document.label;
    if (correct) right += 1;
    if (document.layout >= TRAINING_LAYOUTS) {
      unseen += 1;
      if (correct) unseenRight += 1;
    }
    if (!correct) {
      confusions.push(`${document.label} (layout ${document.layout}) as ${result.type} at ${result.confidence}`);
      t.true(result.needsReview, `a wrong answer should ask for review: ${confusions.at(-1)}`);
    }
  }
  const accuracy = right / documents.length;
  t.log(
    `held-out accuracy ${(accuracy * 100).toFixed(1)} % over ${documents.length} documents of ${DOCUMENT_CLASSES.length} types; on the ${LAYOUTS - TRAINING_LAYOUTS} unseen layout per type ${((unseenRight / unseen) * 100).toFixed(1)} %`,
  );
  if (confusions.length > 0) t.log(`mistakes: ${confusions.join('; ')}`);
  t.true(accuracy >= 0.9);
});
