import type { TSchema } from '@sinclair/typebox';

type Json = Record<string, unknown>;

/**
 * The description's named schemas. A TypeBox schema that carries a `$id` (`Policy`, `PolicyList`)
 * is a resource: it is written once under `components.schemas` and every place that uses it gets a
 * `$ref`, so generators emit one named type per resource instead of one anonymous copy per
 * operation. Two different schemas under one name is a mistake in the code and stops the build.
 */
export class NamedSchemas {
  private readonly named = new Map<string, { readonly text: string; readonly schema: Json }>();

  /** `schema` as plain JSON Schema with each named part replaced by its `$ref`. */
  reference(schema: TSchema | Json): Json {
    // A JSON round trip drops TypeBox's symbol markers.
    return this.walk(JSON.parse(JSON.stringify(schema))) as Json;
  }

  /** The schema as it is when inlined: named parts inside it still referenced, its own name dropped. */
  inline(schema: TSchema | Json): Json {
    const { $id: _id, ...rest } = JSON.parse(JSON.stringify(schema)) as Json;
    return this.walk(rest) as Json;
  }

  /** `components.schemas`, sorted by name. */
  components(): Json {
    return Object.fromEntries([...this.named].sort(([a], [b]) => a.localeCompare(b)).map(([name, { schema }]) => [name, schema]));
  }

  private walk(node: unknown): unknown {
    if (Array.isArray(node)) return node.map((item) => this.walk(item));
    if (!node || typeof node !== 'object') return node;
    const { $id: name, ...rest } = node as Json;
    const walked = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, this.walk(value)]));
    if (typeof name !== 'string') return walked;
    const text = JSON.stringify(walked);
    const known = this.named.get(name);
    if (known && known.text !== text) throw new Error(`Two different schemas are named '${name}' in the OpenAPI description.`);
    if (!known) this.named.set(name, { text, schema: walked });
    return { $ref: `#/components/schemas/${name}` };
  }
}
