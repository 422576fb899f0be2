import {
  CredentialsMethod,
  OpenFgaClient,
  WriteRequestDeletesOnMissing,
  WriteRequestWritesOnDuplicate,
  type UserClientConfigurationParams,
  type WriteAuthorizationModelRequest,
} from '@openfga/sdk';
import syntaxTransformer from '@openfga/syntax-transformer';
import { readFileSync } from 'node:fs';
import type { CheckRequest, ListObjectsRequest } from '../../core/authorization/relationship-check.ts';
import type { RelationshipTuple } from '../../core/authorization/relationship-tuple.ts';
import type { AuthorizationGraph } from '../../ports/authorization/authorization-graph.port.ts';
import { PLATFORM_MODEL_PATH } from './embedded-authorization-graph.ts';

interface OpenFgaSettings {
  readonly apiUrl: string;
  readonly storeId: string;
  /** A pre-shared key of the OpenFGA server, when it requires one. */
  readonly apiToken: string | null;
}

/**
 * Every organization shares the OpenFGA store, so every object and user id is written with its
 * organization in front (`policy:org_1|pol_2`): two organizations' relationships never meet, and a
 * record of another organization is unknown, exactly as with the embedded engine.
 */
const SEPARATOR = '|';

const scoped = (orgId: string, value: string): string => {
  const colon = value.indexOf(':');
  if (colon < 0 || value.slice(colon + 1) === '*') return value;
  return `${value.slice(0, colon + 1)}${orgId}${SEPARATOR}${value.slice(colon + 1)}`;
};

const unscoped = (orgId: string, value: string): string => value.replace(`:${orgId}${SEPARATOR}`, ':');

const scopedTuple = (orgId: string, tuple: RelationshipTuple) => ({
  object: scoped(orgId, tuple.object),
  relation: tuple.relation,
  user: scoped(orgId, tuple.user),
});

/** The authorization graph on an OpenFGA server (`OPENFGA_API_URL`, `OPENFGA_STORE_ID`), through OpenFGA's own SDK. */
export class OpenFgaAuthorizationGraph implements AuthorizationGraph {
  private readonly client: OpenFgaClient;

  private constructor(client: OpenFgaClient) {
    this.client = client;
  }

  /** Writes the platform's model to the store and pins every request to it. */
  static async create(settings: OpenFgaSettings): Promise<OpenFgaAuthorizationGraph> {
    const base: UserClientConfigurationParams = {
      apiUrl: settings.apiUrl,
      storeId: settings.storeId,
      ...(settings.apiToken ? { credentials: { method: CredentialsMethod.ApiToken, config: { token: settings.apiToken } } } : {}),
    };
    const model = syntaxTransformer.transformer.transformDSLToJSONObject(readFileSync(PLATFORM_MODEL_PATH, 'utf8'));
    const written = await new OpenFgaClient(base).writeAuthorizationModel(model as unknown as WriteAuthorizationModelRequest);
    return new OpenFgaAuthorizationGraph(new OpenFgaClient({ ...base, authorizationModelId: written.authorization_model_id }));
  }

  async check(orgId: string, request: CheckRequest): Promise<boolean> {
    const answer = await this.client.check({
      object: scoped(orgId, request.object),
      relation: request.relation,
      user: scoped(orgId, request.user),
      contextualTuples: (request.contextualTuples ?? []).map((tuple) => scopedTuple(orgId, tuple)),
    });
    return answer.allowed === true;
  }

  async listObjects(orgId: string, request: ListObjectsRequest): Promise<string[]> {
    const answer = await this.client.listObjects({
      type: request.type,
      relation: request.relation,
      user: scoped(orgId, request.user),
      contextualTuples: (request.contextualTuples ?? []).map((tuple) => scopedTuple(orgId, tuple)),
    });
    return answer.objects.map((object) => unscoped(orgId, object)).sort();
  }

  async write(orgId: string, tuples: readonly RelationshipTuple[]): Promise<void> {
    if (tuples.length === 0) return;
    await this.client.write(
      { writes: tuples.map((tuple) => scopedTuple(orgId, tuple)) },
      { conflict: { onDuplicateWrites: WriteRequestWritesOnDuplicate.Ignore } },
    );
  }

  async delete(orgId: string, tuples: readonly RelationshipTuple[]): Promise<void> {
    if (tuples.length === 0) return;
    await this.client.write(
      { deletes: tuples.map((tuple) => scopedTuple(orgId, tuple)) },
      { conflict: { onMissingDeletes: WriteRequestDeletesOnMissing.Ignore } },
    );
  }

  async knows(orgId: string, object: string): Promise<boolean> {
    const found = await this.client.read({ object: scoped(orgId, object) }, { pageSize: 1 });
    return found.tuples.length > 0;
  }
}
