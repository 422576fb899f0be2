/**
 * The layer rules of ARCHITECTURE.md, checked in `npm test` (`npm run deps`): core imports only
 * core; ports only core and ports; adapters and jobs never bootstrap; adapter families do not
 * import each other; no import cycles; no file nothing uses.
 */
module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', comment: 'An import cycle.', from: {}, to: { circular: true } },
    {
      name: 'no-orphans',
      severity: 'error',
      comment: 'A source file nothing imports: dead code, or an entry point missing from this list.',
      from: {
        orphan: true,
        pathNot: ['^test/', '^bench/', '^bootstrap/main\\.ts$', '^bootstrap/export-journal\\.ts$', '^bootstrap/capture-examples\\.ts$', '\\.worker\\.ts$', '\\.d\\.ts$', '(^|/)\\.[^/]+\\.(c|m)?js$', '^fixtures/'],
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
