import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { compileModel, type AuthorizationModel, type AuthorizationModelJson } from '../../core/authorization/authorization-model.ts';
import { AuthorizationRequestError } from '../../core/authorization/authorization-errors.ts';
import { assertWritableTuple, check, listObjects } from '../../core/authorization/relationship-check.ts';
import type { RelationshipTuple } from '../../core/authorization/relationship-tuple.ts';
import { MemoryTuples } from './memory-tuples.ts';

interface Store {
  readonly models: Map<string, AuthorizationModel>;
  latest: string | null;
  readonly tuples: MemoryTuples;
}

/**
 * An OpenFGA server on loopback for the adapter's tests: the HTTP API the SDK calls (authorization
 * models, check, list-objects, write, read), with OpenFGA's answers — a duplicate write or a missing
 * delete refused unless ignored, invalid tuples and requests 400 with its error codes, an unknown
 * store 404 — and its relationship semantics (the embedded engine, proven on OpenFGA's own suite).
 */
export class OpenFgaDouble {
  readonly requests: { path: string; body: any }[] = [];
  private readonly stores = new Map<string, Store>();
  private server: Server | null = null;
  private modelCounter = 0;

  url = '';

  /** A store, as `POST /stores` would create it. */
  createStore(id: string): void {
    this.stores.set(id, { models: new Map(), latest: null, tuples: new MemoryTuples() });
  }

  tuplesOf(storeId: string): readonly RelationshipTuple[] {
    return this.stores.get(storeId)?.tuples.all() ?? [];
  }

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      void this.answer(request).then(({ status, body }) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private async answer(request: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = chunks.length > 0 ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
    const match = /^\/stores\/([^/]+)\/(authorization-models|check|list-objects|write|read)$/.exec(request.url ?? '');
    this.requests.push({ path: request.url ?? '', body });
    if (!match || request.method !== 'POST') return { status: 404, body: { code: 'undefined_endpoint', message: 'Not found' } };
    const store = this.stores.get(match[1] as string);
    if (!store) return { status: 404, body: { code: 'store_id_not_found', message: 'store not found' } };
    try {
      return { status: 200, body: await this.operate(store, match[2] as string, body) };
    } catch (error) {
      if (error instanceof AuthorizationRequestError) return { status: 400, body: { code: 'validation_error', message: error.message } };
      if (error instanceof WriteConflict) return { status: 400, body: { code: 'write_failed_due_to_invalid_input', message: error.message } };
      throw error;
    }
  }

  private async operate(store: Store, operation: string, body: any): Promise<unknown> {
    if (operation === 'authorization-models') {
      this.modelCounter += 1;
      const id = `01JBQ7ZK5T2VX8M4N6P${String(this.modelCounter).padStart(7, '0')}`;
      store.models.set(id, compileModel(body as AuthorizationModelJson));
      store.latest = id;
      return { authorization_model_id: id };
    }
    const model = store.models.get(body.authorization_model_id ?? store.latest ?? '');
    if (!model) throw new AuthorizationRequestError(2001, 'authorization model not found');
    const contextualTuples = (body.contextual_tuples?.tuple_keys ?? []) as RelationshipTuple[];
    switch (operation) {
      case 'check':
        return { allowed: await check(model, store.tuples, { ...body.tuple_key, contextualTuples }), resolution: '' };
      case 'list-objects':
        return { objects: await listObjects(model, store.tuples, { type: body.type, relation: body.relation, user: body.user, contextualTuples }) };
      case 'write':
        return this.write(store, model, body);
      default: {
        const object = body.tuple_key?.object as string | undefined;
        const tuples = store.tuples.all().filter((tuple) => !object || tuple.object === object);
        return { tuples: tuples.slice(0, body.page_size ?? 50).map((key) => ({ key, timestamp: new Date(0).toISOString() })), continuation_token: '' };
      }
    }
  }

  /** One transaction: every write and delete checked first, then applied. */
  private write(store: Store, model: AuthorizationModel, body: any): unknown {
    const writes = (body.writes?.tuple_keys ?? []) as RelationshipTuple[];
    const deletes = (body.deletes?.tuple_keys ?? []) as RelationshipTuple[];
    for (const tuple of writes) {
      assertWritableTuple(model, tuple);
      if (store.tuples.has(tuple) && body.writes.on_duplicate !== 'ignore')
        throw new WriteConflict(`cannot write a tuple which already exists: ${describe(tuple)}`);
    }
    for (const tuple of deletes) {
      if (!store.tuples.has(tuple) && body.deletes.on_missing !== 'ignore')
        throw new WriteConflict(`cannot delete a tuple which does not exist: ${describe(tuple)}`);
    }
    store.tuples.write(writes);
    store.tuples.remove(deletes);
    return {};
  }
}

class WriteConflict extends Error {}

const describe = (tuple: RelationshipTuple) => `user: '${tuple.user}', relation: '${tuple.relation}', object: '${tuple.object}'`;
