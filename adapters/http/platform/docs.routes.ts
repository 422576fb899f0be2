import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Type } from '@sinclair/typebox';
import { notFound } from '../../../core/shared/domain-error.ts';
import { definePublicRoute, type RouteDefinition } from '../shared/route.ts';

/** The renderer's own browser bundle, served from this service: the page loads nothing from elsewhere. */
const SCALAR_DIST = dirname(fileURLToPath(import.meta.resolve('@scalar/api-reference')));
const SCALAR_DIR = join(SCALAR_DIST, 'browser');
const SCALAR_VERSION = (JSON.parse(readFileSync(join(SCALAR_DIST, '../package.json'), 'utf8')) as { version: string }).version;
const SCRIPT_FILE = `scalar-${SCALAR_VERSION}.js`;

/** Scripts from this origin only; the renderer injects its styles inline; the description is fetched from here. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const page = (title: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
  </head>
  <body>
    <div id="app"></div>
    <script src="/docs/assets/${SCRIPT_FILE}"></script>
    <script src="/docs/assets/init.js"></script>
  </body>
</html>
`;

// The live description of this very service; no default fonts (they would come from a CDN), no
// proxy, and none of the renderer's hosted services (its AI agent, MCP generator, developer tools).
const init = (title: string) => `Scalar.createApiReference('#app', {
  url: '/openapi.json',
  withDefaultFonts: false,
  hideClientButton: true,
  telemetry: false,
  showDeveloperTools: 'never',
  agent: { disabled: true },
  mcp: { disabled: true },
  defaultOpenAllTags: false,
  metaData: { title: ${JSON.stringify(title)} },
});
`;

const asset = (body: Buffer | string, type: string, maxAge: number) => ({
  status: 200,
  body: Buffer.isBuffer(body) ? body : Buffer.from(body),
  headers: { 'Content-Type': type, 'Cache-Control': `public, max-age=${maxAge}` },
});

/** `/docs`: a human-readable reference rendered in the browser from the live `/openapi.json` (Scalar, served locally). */
export const docsRoutes = (title: string): RouteDefinition[] => {
  let bundle: Promise<Buffer> | null = null;
  return [
    definePublicRoute({
      method: 'GET',
      path: '/docs',
      operationId: 'apiReference',
      summary: 'This service’s reference, for people: rendered from `/openapi.json`, with every asset served by the service itself.',
      tags: ['operations'],
      rateClass: 'none',
      responses: { 200: { description: 'An HTML page.' } },
      handler: async () => ({
        status: 200,
        body: Buffer.from(page(title)),
        headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': CONTENT_SECURITY_POLICY, 'Cache-Control': 'no-cache' },
      }),
    }),
    definePublicRoute({
      method: 'GET',
      path: '/docs/assets/:file',
      operationId: 'apiReferenceAsset',
      summary: 'The reference page’s scripts: its start-up script and the renderer (Scalar), whose path names its version so that it is cached for good.',
      tags: ['operations'],
      rateClass: 'none',
      params: Type.Object({ file: Type.String({ minLength: 1, maxLength: 64 }) }),
      responses: { 200: { description: 'JavaScript.' } },
      handler: async (context) => {
        if (context.params.file === 'init.js') return asset(init(title), 'text/javascript; charset=utf-8', 300);
        if (context.params.file !== SCRIPT_FILE) throw notFound('Asset');
        bundle ??= readFile(join(SCALAR_DIR, 'standalone.js'));
        return asset(await bundle, 'text/javascript; charset=utf-8', 31_536_000);
      },
    }),
  ];
};
