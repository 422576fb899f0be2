/**
 * What kind of document an upload is, from its words: a multinomial naive Bayes model over the
 * words of its text and the names of its form fields, trained on labelled documents. Pure
 * functions, run in worker threads (their cost grows with the text).
 */

export const DOCUMENT_CLASSES = [
  'acord_125',
  'acord_25_coi',
  'loss_run',
  'schedule_of_values',
  'driver_schedule',
  'financial_statement',
  'claim_notice',
  'invoice',
  'other',
] as const;
export type DocumentClass = (typeof DOCUMENT_CLASSES)[number];

/** Below this confidence a person should check the classification. */
export const REVIEW_BELOW = 0.75;

export interface Classification {
  readonly type: DocumentClass;
  /** 0 to 1, two decimals. */
  readonly confidence: number;
  readonly needsReview: boolean;
}

export const classification = (type: DocumentClass, confidence: number): Classification => {
  const rounded = Math.round(Math.min(1, Math.max(0, confidence)) * 100) / 100;
  return { type, confidence: rounded, needsReview: rounded < REVIEW_BELOW };
};

/** Words read per document: enough to tell any of the types apart, whatever the document's size. */
const MAX_TOKENS = 5_000;

const isWordCharacter = (code: number): boolean => (code >= 97 && code <= 122) || (code >= 48 && code <= 57);

/**
 * Lowercase words of 2 to 24 letters; numbers become the token `#n` (their values say nothing of
 * the type, their presence does). Form field names count as `field:` tokens, split at `_`.
 */
export const featuresOf = (text: string, fieldNames: readonly string[] = []): string[] => {
  const tokens: string[] = [];
  const lower = text.toLowerCase();
  let word = '';
  let digits = false;
  const flush = () => {
    if (word.length >= 2 && word.length <= 24) tokens.push(digits && /^[0-9]+$/.test(word) ? '#n' : word);
    word = '';
    digits = false;
  };
  for (let index = 0; index < lower.length && tokens.length < MAX_TOKENS; index += 1) {
    const code = lower.charCodeAt(index);
    if (isWordCharacter(code)) {
      word += lower[index];
      if (code <= 57) digits = true;
    } else flush();
  }
  flush();
  for (const name of fieldNames.slice(0, 500)) {
    for (const part of name.toLowerCase().split('_')) if (part.length >= 2 && part.length <= 40) tokens.push(`field:${part}`);
  }
  return tokens;
};

export interface ClassifierModel {
  readonly classes: readonly DocumentClass[];
  readonly vocabulary: readonly string[];
  /** log P(class). */
  readonly logPrior: readonly number[];
  /** log P(word | class), by class then vocabulary index. */
  readonly logLikelihood: readonly (readonly number[])[];
  /** Turns the per-word score margin into a confidence; fitted on the training set. */
  readonly sharpness: number;
  /** SHA-256 of the training documents, so a model can be matched to what it was built from. */
  readonly trainedOn: string;
}

const round = (value: number) => Math.round(value * 10_000) / 10_000;

/** Laplace-smoothed counts; words seen in fewer than two documents are left out (they only memorise). */
export const trainModel = (
  samples: readonly { label: DocumentClass; features: readonly string[] }[],
  trainedOn: string,
  sharpness: number,
): ClassifierModel => {
  const documentFrequency = new Map<string, number>();
  for (const sample of samples) for (const word of new Set(sample.features)) documentFrequency.set(word, (documentFrequency.get(word) ?? 0) + 1);
  const vocabulary = [...documentFrequency]
    .filter(([, count]) => count >= 2)
    .map(([word]) => word)
    .sort();
  const index = new Map(vocabulary.map((word, position) => [word, position]));
  const classes = DOCUMENT_CLASSES;
  const counts = classes.map(() => new Array<number>(vocabulary.length).fill(0));
  const documents = classes.map(() => 0);
  for (const sample of samples) {
    const row = classes.indexOf(sample.label);
    documents[row] = (documents[row] as number) + 1;
    for (const word of sample.features) {
      const position = index.get(word);
      if (position !== undefined) (counts[row] as number[])[position] = ((counts[row] as number[])[position] as number) + 1;
    }
  }
  return {
    classes,
    vocabulary,
    logPrior: documents.map((count) => round(Math.log((count + 1) / (samples.length + classes.length)))),
    logLikelihood: counts.map((row) => {
      const total = row.reduce((sum, count) => sum + count, 0);
      return row.map((count) => round(Math.log((count + 1) / (total + vocabulary.length))));
    }),
    sharpness,
    trainedOn,
  };
};

const indexes = new WeakMap<ClassifierModel, ReadonlyMap<string, number>>();
const indexOf = (model: ClassifierModel): ReadonlyMap<string, number> => {
  let index = indexes.get(model);
  if (!index) {
    index = new Map(model.vocabulary.map((word, position) => [word, position]));
    indexes.set(model, index);
  }
  return index;
};

/** Per-word log-likelihood of each class, so long and short documents score alike. */
const classScores = (model: ClassifierModel, features: readonly string[]): number[] => {
  const index = indexOf(model);
  const known = features.map((word) => index.get(word)).filter((position): position is number => position !== undefined);
  return model.classes.map((_, row) => {
    const likelihood = model.logLikelihood[row] as readonly number[];
    const sum = known.reduce((total, position) => total + (likelihood[position] as number), 0);
    return known.length === 0 ? (model.logPrior[row] as number) : sum / known.length;
  });
};

/** Below this share of known words, confidence falls in proportion: the model knows little of such a document. */
const FULL_COVERAGE = 0.6;

/**
 * The most likely class. Confidence is its softmax share of the sharpened scores, lowered when
 * most of the document's words are unknown to the model. No known word at all: `other`, unsure.
 */
export const classify = (model: ClassifierModel, features: readonly string[]): Classification => {
  const index = indexOf(model);
  const known = features.filter((word) => index.has(word)).length;
  if (known === 0) return classification('other', 0);
  const scores = classScores(model, features);
  const best = Math.max(...scores);
  const weights = scores.map((score) => Math.exp((score - best) * model.sharpness));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const top = scores.indexOf(best);
  const coverage = Math.min(1, known / features.length / FULL_COVERAGE);
  return classification(model.classes[top] as DocumentClass, ((weights[top] as number) / total) * coverage);
};
