import syntaxTransformer from '@openfga/syntax-transformer';
import { compileModel, type AuthorizationModel, type AuthorizationModelJson } from '../../core/authorization/authorization-model.ts';

/** An authorization model written in OpenFGA's DSL, parsed by OpenFGA's own transformer. */
export const parseModelDsl = (dsl: string): AuthorizationModel =>
  compileModel(syntaxTransformer.transformer.transformDSLToJSONObject(dsl) as unknown as AuthorizationModelJson);
