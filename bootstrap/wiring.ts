import { type Container, ContainerModule, type ContainerModuleLoadOptions } from 'inversify';
import type { RouteDefinition } from '../adapters/http/shared/route.ts';
import type { UpgradeRoute } from '../adapters/http/shared/upgrade-route.ts';
import type { JobDefinition } from '../ports/platform/job-definition.port.ts';

declare const boundType: unique symbol;

/**
 * A container key that carries the type bound to it. The phantom member is invariant in `T`, so
 * a factory listing its dependencies receives exactly the types of their tokens: swapping two
 * tokens of different types, or binding a value of the wrong type, does not compile.
 */
export type Token<T> = symbol & { readonly [boundType]?: (value: T) => T };

export const token = <T>(name: string): Token<T> => Symbol.for(name) as Token<T>;

// biome-ignore lint/suspicious/noExplicitAny: a record of tokens of any types; each keeps its own type.
type AnyToken = Token<any>;

/** Every value contributed to a token (`wire.contribute`), as one list. */
export interface AllOf<T> {
  readonly all: Token<T>;
}
export const allOf = <T>(key: Token<T>): AllOf<T> => ({ all: key });

/** Named dependencies: each key a token, or `allOf(token)` for everything contributed to it. */
// biome-ignore lint/suspicious/noExplicitAny: as above.
export type Dependencies = Readonly<Record<string, AnyToken | AllOf<any>>>;
/** The same names, each holding what its token resolves to. */
export type Resolved<D extends Dependencies> = {
  -readonly [K in keyof D]: D[K] extends AllOf<infer T> ? T[] : D[K] extends Token<infer T> ? T : never;
};

/**
 * Type-checked bindings: the only way modules bind, so every binding goes through these checks.
 * A factory names its dependencies once, in the shape its use case takes them:
 * `wire.factory(POLICY.Binding, { policies: POLICY.PolicyRepository, clock: PLATFORM.Clock }, (deps) => new Binding(deps))`.
 * The names are the use case's own `Deps` fields, so a wrong or missing token does not compile.
 */
export interface Wire {
  value<T>(key: Token<T>, value: T): void;
  factory<T, const D extends Dependencies>(key: Token<T>, dependencies: D, make: (resolved: Resolved<D>) => T | Promise<T>): void;
  /** One more value under a token that collects several (scheduled jobs, provider endpoints), read with `allOf`. */
  contribute<T, const D extends Dependencies>(key: Token<T>, dependencies: D, make: (resolved: Resolved<D>) => T | Promise<T>): void;
}

const injection = (dependency: AnyToken | AllOf<unknown>) =>
  typeof dependency === 'object' ? { serviceIdentifier: dependency.all as symbol, isMultiple: true as const, optional: true as const } : (dependency as symbol);

/** Binds `key` to what `make` returns from the named dependencies, resolved by the container in one list. */
const bindResolved = (bind: ContainerModuleLoadOptions['bind'], key: symbol, dependencies: Dependencies, make: (resolved: never) => unknown): void => {
  const names = Object.keys(dependencies);
  const named = (...values: unknown[]) =>
    make(Object.fromEntries(names.map((name, index) => [name, typeof dependencies[name] === 'object' ? (values[index] ?? []) : values[index]])) as never);
  bind(key).toResolvedValue(named, names.map((name) => injection(dependencies[name] as AnyToken)) as never);
};

const wire = ({ bind }: ContainerModuleLoadOptions): Wire => ({
  value: (key, value) => {
    bind(key).toConstantValue(value);
  },
  factory: (key, dependencies, make) => bindResolved(bind, key, dependencies, make),
  contribute: (key, dependencies, make) => bindResolved(bind, key, dependencies, make),
});

/** A container module whose bindings are all made through `Wire`; `register` stays on it, so what it binds and depends on can be read without a container (the module check). */
export const bindings = (register: (wire: Wire) => void): ContainerModule & { readonly register: (wire: Wire) => void } =>
  Object.assign(new ContainerModule((options) => register(wire(options))), { register });

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
  readonly bindings: ContainerModule & { readonly register: (wire: Wire) => void };
  /** Routes on the API server. */
  routes?(resolve: Resolve): Promise<RouteDefinition[]>;
  /** Routes on the authentication service. */
  authRoutes?(resolve: Resolve): Promise<RouteDefinition[]>;
  jobs?(resolve: Resolve): Promise<JobDefinition[]>;
  /** Protocol upgrades (WebSockets) on the API server. */
  sockets?(resolve: Resolve): Promise<UpgradeRoute[]>;
}
