import syntaxTransformer from '@openfga/syntax-transformer';
import { compileModel, type AuthorizationModel, type AuthorizationModelJson } from '../../core/authorization/authorization-model.ts';

/** An authorization model written in OpenFGA's DSL, as OpenFGA's own transformer reads it. */
export const modelJsonOfDsl = (dsl: string): AuthorizationModelJson =>
  syntaxTransformer.transformer.transformDSLToJSONObject(dsl) as unknown as AuthorizationModelJson;

/** An authorization model written in OpenFGA's DSL, parsed by OpenFGA's own transformer. */
export const parseModelDsl = (dsl: string): AuthorizationModel => compileModel(modelJsonOfDsl(dsl));
