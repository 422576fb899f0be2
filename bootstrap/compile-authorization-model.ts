// `npm run authorization:model`: writes fixtures/authorization/model.json, the platform's
// authorization model (fixtures/authorization/model.fga) as OpenFGA's transformer reads it. The
// service loads the JSON, so it starts without the transformer; a test fails when the two differ.
import { readFileSync, writeFileSync } from 'node:fs';
import { PLATFORM_MODEL_JSON_PATH, PLATFORM_MODEL_PATH } from '../adapters/authorization/embedded-authorization-graph.ts';
import { modelJsonOfDsl } from '../adapters/authorization/fga-model-dsl.ts';

writeFileSync(PLATFORM_MODEL_JSON_PATH, `${JSON.stringify(modelJsonOfDsl(readFileSync(PLATFORM_MODEL_PATH, 'utf8')), null, 2)}\n`);
console.log(`Wrote ${PLATFORM_MODEL_JSON_PATH}.`);
