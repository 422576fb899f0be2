import { call, type TestApp } from './test-app.ts';

/** A description is walked as plain JSON. */
type Json = any;

/** A service's OpenAPI description and the origin that serves it (the API and the authentication service each describe themselves). */
export interface DescribedService {
  readonly origin: string;
  readonly document: Json;
}

export const describedServices = async (app: TestApp): Promise<DescribedService[]> =>
  Promise.all([app.api, app.auth].map(async (origin) => ({ origin, document: (await call(origin, 'GET', '/openapi.json')).body })));

/**
 * A copy of a description with every local `$ref` replaced by what it points at (its sibling
 * `description` kept), for tests that walk schemas field by field. The description has no
 * recursive schemas, so the copy is finite.
 */
export const dereferenced = (document: Json): Json => {
  const target = (ref: string): Json =>
    ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((node: Json, key) => node[key], document);
  const walk = (node: Json): Json => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    if (typeof node.$ref === 'string' && node.$ref.startsWith('#/')) {
      const { $ref, ...siblings } = node;
      return { ...walk(target($ref)), ...siblings };
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, walk(value)]));
  };
  return walk(document);
};
