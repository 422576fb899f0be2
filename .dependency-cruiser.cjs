/**
 * The layer rules of docs/architecture.md, checked in `npm test` (`npm run deps`): core imports
 * only core; ports only core and ports; adapters and jobs never bootstrap; adapter families do not
 * import each other; each context imports only itself, `shared` and the upstream contexts it
 * declares (`.dependency-cruiser.contexts.cjs`), through their domain model, declared ports and views; no import cycles; no file
 * nothing uses.
 */

const { UPSTREAM } = require('./.dependency-cruiser.contexts.cjs');

const CONTEXT_TREES = '(?:core|ports|adapters/http|adapters/persistence|jobs)';

const upstreamRules = Object.entries(UPSTREAM).map(([context, upstream]) => ({
  name: 'declared-upstreams',
  severity: 'error',
  comment: `${context} imports only itself, shared and its declared upstreams (${upstream.join(', ') || 'none'}); see .dependency-cruiser.contexts.cjs.`,
  from: { path: `^${CONTEXT_TREES}/${context}/` },
  to: {
    path: `^${CONTEXT_TREES}/[^/]+/`,
    pathNot: [`^${CONTEXT_TREES}/(?:${[context, 'shared', ...upstream].join('|')})/`, '^adapters/persistence/(?:mongo|sqlite)/'],
  },
}));

module.exports = {
  forbidden: [
    ...upstreamRules,
    { name: 'no-circular', severity: 'error', comment: 'An import cycle.', from: {}, to: { circular: true } },
    {
      name: 'no-orphans',
      severity: 'error',
      comment: 'A source file nothing imports: dead code, or an entry point missing from this list.',
      from: {
        orphan: true,
        pathNot: ['^test/', '^bench/', '^bootstrap/main\\.ts$', '^bootstrap/export-journal\\.ts$', '^bootstrap/capture-examples\\.ts$', '\\.worker\\.(ts|mjs)$', '\\.d\\.ts$', '(^|/)\\.[^/]+\\.(c|m)?js$', '^fixtures/'],
      },
      to: {},
    },
    { name: 'core-is-pure', severity: 'error', comment: 'core/ imports nothing outside core/.', from: { path: '^core/' }, to: { pathNot: '^core/' } },
    {
      name: 'ports-see-core-only',
      severity: 'error',
      comment: 'ports/ import only core/ and ports/.',
      from: { path: '^ports/' },
      to: { pathNot: '^(core|ports)/' },
    },
    {
      name: 'no-bootstrap-below',
      severity: 'error',
      comment: 'adapters/ and jobs/ never import bootstrap/.',
      from: { path: '^(adapters|jobs)/' },
      to: { path: '^bootstrap/' },
    },
    {
      name: 'adapter-families-apart',
      severity: 'error',
      comment:
        'One adapter family does not import another (http, persistence, inbound, payments, …); they meet in bootstrap/. adapters/shared/ holds what several families use (durable file writes).',
      from: { path: '^adapters/([^/]+)/' },
      to: { path: '^adapters/', pathNot: ['^adapters/$1/', '^adapters/shared/'] },
    },
    {
      name: 'contexts-apart',
      severity: 'error',
      comment:
        "A context's files (core/<context>/, ports/<context>/, adapters/http/<context>/, adapters/persistence/<context>/, jobs/<context>/) import their own context and shared/, and another context only through its domain model (core/<context>/) or its declared ports (ports/<context>/*.port.ts, *.ports.ts, *.repository.ts, *.repositories.ts, *.use-case.ts, *.handler.ts) and HTTP representations (adapters/http/<context>/*.views.ts). The context list is bootstrap/container.ts.",
      from: { path: '^(?:core|ports|adapters/http|adapters/persistence|jobs)/([^/]+)/' },
      to: {
        path: '^(?:core|ports|adapters/http|adapters/persistence|jobs)/[^/]+/',
        pathNot: [
          '^(?:core|ports|adapters/http|adapters/persistence|jobs)/(?:$1|shared)/',
          '^adapters/persistence/(?:mongo|sqlite)/',
          '^core/',
          '^ports/[^/]+/[^/]+\\.(?:port|ports|repository|repositories|use-case|handler)\\.ts$',
          '^adapters/http/[^/]+/[^/]+\\.views\\.ts$',
        ],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^(core|ports|adapters|jobs|bootstrap|fixtures|test|bench)/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json'] },
  },
};
