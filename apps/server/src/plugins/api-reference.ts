/**
 * The customer-facing API reference at /api/reference (issue 14): Scalar's standalone renderer
 * (@scalar/api-reference, served from node_modules: no CDN) on the public document
 * /api/openapi.json, under the app's Content-Security-Policy (helmet, app.ts) as it is — every
 * script is a same-origin file (no inline script, no eval), styles are inline (`'unsafe-inline'`
 * is allowed for styles), fonts are the system's (Scalar's web fonts would come from its CDN).
 *
 * - `GET /api/reference` (and `/api/reference/`): the HTML page, titled Pesan;
 * - `GET /api/reference/setup.js`: makes the bundle's zod skip its `new Function` probe (which CSP
 *   refuses and the console would report), then mounts the reference once the page has loaded;
 * - `GET /api/reference/scalar-<version>.js`: the bundle, brotli or gzip when accepted
 *   (compressed once, on first use), cached for a year under its versioned name.
 * All three are hidden from the OpenAPI documents.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** The renderer's package directory (its entry is `dist/index.js`; the package exports no browser path). */
const packageDir = dirname(dirname(createRequire(import.meta.url).resolve('@scalar/api-reference')));

/** The installed renderer's version: part of the bundle's URL, so a new version is a new URL. */
export const SCALAR_VERSION = (JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string }).version;
export const REFERENCE_PATH = '/api/reference';
export const BUNDLE_PATH = `${REFERENCE_PATH}/scalar-${SCALAR_VERSION}.js`;
const SETUP_PATH = `${REFERENCE_PATH}/setup.js`;

/** Scalar's configuration: our document, our title, nothing fetched from elsewhere. */
const CONFIGURATION = {
  url: '/api/openapi.json',
  title: 'Pesan API',
  metaData: { title: 'Pesan API reference' },
  favicon: '/logo.svg',
  withDefaultFonts: false,
  telemetry: false,
  showDeveloperTools: 'never',
  hideClientButton: true,
  documentDownloadType: 'json',
  agent: { disabled: true },
  mcp: { disabled: true },
  defaultOpenAllTags: true,
  customCss: ':root { --scalar-font: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; --scalar-font-code: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }',
};

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${escapeHtml(CONFIGURATION.metaData.title)}</title>
    <meta name="description" content="Reference of the Pesan messaging API: SMS, WhatsApp, voice, e-mail and status webhooks." />
    <link rel="icon" type="image/svg+xml" href="/logo.svg" />
  </head>
  <body>
    <noscript>The Pesan API reference needs JavaScript. The OpenAPI document itself is at <a href="/api/openapi.json">/api/openapi.json</a>.</noscript>
    <div id="api-reference-root"></div>
    <script src="${SETUP_PATH}"></script>
    <script src="${BUNDLE_PATH}"></script>
  </body>
</html>
`;

const SETUP = `// Pesan API reference: zod inside the bundle must not probe \`new Function\` (refused by the CSP).
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
document.addEventListener('DOMContentLoaded', function () {
  Scalar.createApiReference('#api-reference-root', ${JSON.stringify(CONFIGURATION)});
});
`;

type Encoding = 'br' | 'gzip' | 'identity';
let bundle: Promise<Record<Encoding, Buffer>> | undefined;

/** The bundle, plain and compressed, read and compressed once. */
function loadBundle(): Promise<Record<Encoding, Buffer>> {
  bundle ??= (async () => {
    const identity = await readFile(join(packageDir, 'dist/browser/standalone.js'));
    const [br, gz] = await Promise.all([
      promisify(brotliCompress)(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
      promisify(gzip)(identity, { level: 9 }),
    ]);
    return { identity, br, gzip: gz };
  })();
  bundle.catch(() => {
    bundle = undefined;
  });
  return bundle;
}

/** The best encoding of `accept` (an Accept-Encoding header) we have: br, then gzip, else none. */
function pickEncoding(accept: string | undefined): Encoding {
  const offered = new Map<string, number>();
  for (const part of (accept ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) offered.set(name, q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : 'identity';
}

/** Registers the reference page, its setup script and the renderer's bundle. */
export function registerApiReference(app: FastifyInstance): void {
  const page = async (_request: unknown, reply: import('fastify').FastifyReply) => reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(PAGE);
  app.get(REFERENCE_PATH, { schema: { hide: true } }, page);
  app.get(`${REFERENCE_PATH}/`, { schema: { hide: true } }, page);
  app.get(SETUP_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(SETUP),
  );
  app.get(BUNDLE_PATH, { schema: { hide: true } }, async (request, reply) => {
    const encoding = pickEncoding(request.headers['accept-encoding']);
    const body = (await loadBundle())[encoding];
    reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'public, max-age=31536000, immutable').header('Vary', 'Accept-Encoding');
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
    return reply.send(body);
  });
}
