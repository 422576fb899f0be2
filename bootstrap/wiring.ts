import { type Container, ContainerModule, type ContainerModuleLoadOptions } from 'inversify';
import type { RouteDefinition } from '../adapters/http/shared/route.ts';
import type { UpgradeRoute } from '../adapters/http/shared/upgrade-route.ts';
import type { JobDefinition } from '../ports/platform/job-definition.ts';

declare const boundType: unique symbol;

/**
 * A container key that carries the type bound to it. The phantom member is invariant in `T`, so
 * a factory listing its dependencies receives exactly the types of their tokens: swapping two
 * tokens of different types, or binding a value of the wrong type, does not compile.
 */
export type Token<T> = symbol & { readonly [boundType]?: (value: T) => T };

export const token = <T>(name: string): Token<T> => Symbol.for(name) as Token<T>;

// biome-ignore lint/suspicious/noExplicitAny: a list of tokens of any types; each keeps its own type.
type AnyToken = Token<any>;
type Resolved<D extends readonly AnyToken[]> = { -readonly [K in keyof D]: D[K] extends Token<infer T> ? T : never };

/** Type-checked bindings: the only way modules bind, so every binding goes through these checks. */
export interface Wire {
  value<T>(key: Token<T>, value: T): void;
  factory<T, const D extends readonly AnyToken[]>(key: Token<T>, dependencies: D, make: (...args: Resolved<D>) => T | Promise<T>): void;
}

const wire = ({ bind }: ContainerModuleLoadOptions): Wire => ({
  value: (key, value) => {
    bind(key).toConstantValue(value);
  },
  factory: (key, dependencies, make) => {
    bind(key).toResolvedValue(make as (...args: unknown[]) => unknown, [...dependencies]);
  },
});

/** A container module whose bindings are all made through `Wire`. */
export const bindings = (register: (wire: Wire) => void): ContainerModule => new ContainerModule((options) => register(wire(options)));

export type Resolve = <T>(key: Token<T>) => Promise<T>;

export const resolverOf =
  (container: Container): Resolve =>
  (key) =>
    container.getAsync(key);

/**
 * One bounded context's composition: what it binds, the routes it serves, the jobs it runs.
 * `bootstrap/app.ts` loops over the modules; a new context is one more file and one more entry
 * in `CONTEXT_MODULES`.
 */
export interface ContextModule {
  readonly name: string;
  readonly bindings: ContainerModule;
  /** Routes on the API server. */
  routes?(resolve: Resolve): Promise<RouteDefinition[]>;
  /** Routes on the authentication service. */
  authRoutes?(resolve: Resolve): Promise<RouteDefinition[]>;
  jobs?(resolve: Resolve): Promise<JobDefinition[]>;
  /** Protocol upgrades (WebSockets) on the API server. */
  sockets?(resolve: Resolve): Promise<UpgradeRoute[]>;
}
