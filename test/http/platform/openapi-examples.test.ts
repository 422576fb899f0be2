import test from 'ava';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describedServices } from '../../support/descriptions.ts';
import { startTestApp } from '../../support/test-app.ts';

/** The main flows: every request and answer of these carries a real example (`npm run examples:capture`). */
const MAIN_FLOWS = [
  'signIn',
  'createSubmission',
  'getSubmission',
  'listSubmissions',
  'quoteSubmission',
  'bindSubmission',
  'getPolicy',
  'listPolicies',
  'listInvoices',
  'getInvoice',
  'createInvoicePaymentIntent',
  'payInvoice',
  'fileClaim',
  'investigateClaim',
  'setClaimReserves',
  'offerClaimSettlement',
  'getClaim',
  'generateCertificate',
  'createWebhook',
  'listWebhooks',
  'testWebhook',
  'listWebhookDeliveries',
];

type Json = Record<string, any>;

/** JSON Pointer escaping of one path segment. */
const escaped = (key: string): string => key.replaceAll('~', '~0').replaceAll('/', '~1');

test('the main flows have examples, and every example of both descriptions is valid against its schema', async (t) => {
  const app = await startTestApp();
  t.teardown(app.close);
  const exemplified = new Set<string>();
  let checked = 0;
  for (const { document } of await describedServices(app)) {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addKeyword({ keyword: 'x-money' });
    ajv.addKeyword({ keyword: 'x-text' });
    ajv.addSchema({ ...document, $id: 'root' });
    // A media type's schema is compiled where it stands, so its `$ref`s resolve within the description.
    const check = (media: Json, pointer: string, label: string) => {
      if (!media || !('example' in media)) return false;
      const validate = ajv.compile({ $ref: `root#${pointer}/schema` });
      t.true(validate(media.example), `${label}: ${ajv.errorsText(validate.errors)}`);
      checked += 1;
      return true;
    };
    for (const [path, item] of Object.entries<Json>(document.paths)) {
      for (const [method, operation] of Object.entries<Json>(item)) {
        const at = `/paths/${escaped(path)}/${method}`;
        const body = operation.requestBody?.content?.['application/json'];
        const requestShown = check(body, `${at}/requestBody/content/application~1json`, `${operation.operationId} request`);
        const answers = Object.entries<Json>(operation.responses).filter(
          ([status, response]) => Number(status) < 400 && response.content?.['application/json'],
        );
        let answersShown = answers.length > 0;
        for (const [status, response] of answers) {
          const shown = check(
            response.content['application/json'],
            `${at}/responses/${status}/content/application~1json`,
            `${operation.operationId} ${status}`,
          );
          answersShown &&= shown;
        }
        if ((!body || requestShown) && answersShown) exemplified.add(operation.operationId);
      }
    }
    for (const [name, response] of Object.entries<Json>(document.components.responses ?? {}))
      check(response.content?.['application/json'], `/components/responses/${name}/content/application~1json`, name);
  }
  t.deepEqual(
    MAIN_FLOWS.filter((operationId) => !exemplified.has(operationId)),
    [],
    'every main-flow operation shows its request and each answer',
  );
  t.log(`${checked} examples checked`);
});

test('an example that does not match its schema is caught', async (t) => {
  const app = await startTestApp();
  t.teardown(app.close);
  const document = (await describedServices(app)).find((service) => service.origin === app.api)?.document;
  const ajv = new Ajv2020({ strict: false });
  addFormats.default(ajv);
  ajv.addSchema({ ...document, $id: 'root' });
  const validate = ajv.compile({ $ref: 'root#/components/schemas/Policy' });
  const example = document.paths['/v1/policies/{id}'].get.responses['200'].content['application/json'].example;
  t.true(validate(example));
  t.false(validate({ ...example, grossPremium: 'a lot' }));
  t.false(validate({ ...example, status: 'pending_forever' }));
});
