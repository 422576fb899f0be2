import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Requests and answers captured from the service itself (`npm run examples:capture`). */
export const EXAMPLES_FILE = join(import.meta.dirname, 'openapi-examples.json');

interface Captured {
  readonly operations: Readonly<Record<string, { readonly request?: unknown; readonly responses: Readonly<Record<string, unknown>> }>>;
  readonly errors: Readonly<Record<string, unknown>>;
}

const captured = (): Captured => {
  try {
    return JSON.parse(readFileSync(EXAMPLES_FILE, 'utf8')) as Captured;
  } catch {
    // Before the first capture, the description has no examples.
    return { operations: {}, errors: {} };
  }
};

const EXAMPLES = captured();

/** `{ example }` for a Media Type Object, or nothing. */
const exampleOf = (value: unknown): { example?: unknown } => (value === undefined ? {} : { example: value });

export const requestExample = (operationId: string) => exampleOf(EXAMPLES.operations[operationId]?.request);

export const responseExample = (operationId: string, status: string | number) => exampleOf(EXAMPLES.operations[operationId]?.responses[String(status)]);

export const errorExample = (status: string | number) => exampleOf(EXAMPLES.errors[String(status)]);
