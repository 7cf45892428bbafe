/**
 * First-load JavaScript per page, computed from the Vite manifest of a build (issues 10, 28): the
 * entry chunk and its static imports, plus the lazy route modules a page loads (layouts and page,
 * see app/router.tsx, and what those load with React.lazy on first render) with their static
 * imports, each chunk counted once. Sizes are gzip bytes
 * (level 9, what the server's precompressed .gz files hold).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface PageBudget {
  /** What the page is called in the report. */
  name: string;
  /**
   * The URL path it is loaded at (for the browser measurement): `{app}` stands for the demo
   * user's first application, `{template}` for its first editable template (demoIds).
   */
  path: string;
  /**
   * Source modules (relative to apps/web) of the lazy routes the page renders, outermost first,
   * then the modules those load with React.lazy on first render.
   */
  routeModules: string[];
  /** Budget in KB (1 KB = 1000 bytes) of gzip JavaScript on first load. */
  budgetKb: number;
}

const MAIN_LAYOUT = 'src/app/routes/layouts/main-layout.tsx';

/**
 * The budgets of issue 10 (login at most 200 KB gzip, the application list at most 300 KB gzip)
 * and issue 28 (every page Lighthouse measures: a little above its first load after the issue's
 * work, as the browser measurement of bench/bundle-size.ts gives it, so a regression shows).
 */
export const PAGE_BUDGETS: PageBudget[] = [
  { name: 'login', path: '/auth/login', routeModules: ['src/app/routes/layouts/auth-layout.tsx', 'src/app/routes/auth/login.tsx'], budgetKb: 195 },
  { name: 'application list', path: '/my-application', routeModules: [MAIN_LAYOUT, 'src/app/routes/applications/list.tsx'], budgetKb: 275 },
  { name: 'application detail', path: '/my-application/detail/{app}', routeModules: [MAIN_LAYOUT, 'src/app/routes/applications/detail.tsx'], budgetKb: 356 },
  { name: 'monitoring', path: '/my-application/detail-transaction/{app}', routeModules: [MAIN_LAYOUT, 'src/app/routes/monitoring/transactions.tsx'], budgetKb: 280 },
  { name: 'overview', path: '/dashboard?app={app}', routeModules: [MAIN_LAYOUT, 'src/app/routes/dashboard/overview.tsx'], budgetKb: 322 },
  { name: 'generate report', path: '/generate-report', routeModules: [MAIN_LAYOUT, 'src/app/routes/reports/generate-report.tsx'], budgetKb: 316 },
  { name: 'template list', path: '/whatsapp-template', routeModules: [MAIN_LAYOUT, 'src/app/routes/wa-templates/templates.tsx'], budgetKb: 333 },
  {
    name: 'template editor',
    path: '/whatsapp-template/edit/{template}',
    routeModules: [MAIN_LAYOUT, 'src/app/routes/wa-templates/templates.tsx', 'src/features/wa-templates/components/editor/template-editor-page.tsx'],
    budgetKb: 415,
  },
];

/**
 * The browser measurement's window: Lighthouse's emulated phone (Moto G Power, 412 x 823), so what
 * loads only near the viewport (the Overview's charts, further down) is left out as it is there.
 */
export const PHONE_CONTEXT = { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true } as const;

/** The demo user's ids the budget paths name. */
export interface DemoIds {
  app: string;
  template: string;
}

type Post = (path: string, data: unknown) => Promise<unknown>;

/**
 * The demo user's first application and first editable (Draft or Rejected) template, asked with
 * `post` (a signed-in POST of JSON answering the parsed body).
 */
export async function demoIds(post: Post): Promise<DemoIds> {
  const apps = (await post('/api/application/list', { page: 1, limit: 10 })) as { data?: { id: string }[] };
  const templates = (await post('/api/wa/template/list', { status: ['DRAFT', 'REJECTED'], page: 1, limit: 10 })) as { data?: { docs?: { _id: string }[] } };
  const app = apps.data?.[0]?.id;
  const template = templates.data?.docs?.[0]?._id;
  if (!app || !template) throw new Error('the demo user has no application or no editable template');
  return { app, template };
}

/** `path` with its `{app}` and `{template}` filled in. */
export const pagePath = (path: string, ids: DemoIds) => path.replace('{app}', encodeURIComponent(ids.app)).replace('{template}', encodeURIComponent(ids.template));

export interface PageWeight {
  name: string;
  budgetKb: number;
  /** gzip bytes of all first-load JS chunks. */
  gzipBytes: number;
  /** raw bytes of the same chunks. */
  rawBytes: number;
  files: string[];
}

export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** Static-import closure of `keys` in the manifest (chunk keys). */
function closure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return seen;
}

/** Weighs each page's first-load JavaScript in the build at `distDir` (which has .vite/manifest.json). */
export function weighPages(distDir: string, pages: PageBudget[] = PAGE_BUDGETS): PageWeight[] {
  const manifest = readManifest(distDir);
  const entries = Object.keys(manifest).filter((k) => manifest[k]!.isEntry);
  return pages.map((p) => {
    const keys = closure(manifest, [...entries, ...p.routeModules]);
    const files = [...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
    let gzipBytes = 0;
    let rawBytes = 0;
    for (const f of files) {
      const body = readFileSync(join(distDir, f));
      rawBytes += body.length;
      gzipBytes += gzipSync(body, { level: 9 }).length;
    }
    return { name: p.name, budgetKb: p.budgetKb, gzipBytes, rawBytes, files };
  });
}

/**
 * JavaScript the browser fetched from `origin` while loading `url` in `page` until the network was
 * idle: the files (paths under dist) and their gzip size (level 9) read from `distDir`, so the
 * figure does not depend on which encoding the server chose.
 */
export async function weighLoadedScripts(page: import('playwright-core').Page, url: string, distDir: string): Promise<{ gzipBytes: number; files: string[] }> {
  const origin = new URL(url).origin;
  const files = new Set<string>();
  const onRequest = (req: import('playwright-core').Request) => {
    const u = new URL(req.url());
    if (u.origin === origin && u.pathname.endsWith('.js')) files.add(u.pathname.slice(1));
  };
  page.on('request', onRequest);
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
  } finally {
    page.off('request', onRequest);
  }
  let gzipBytes = 0;
  for (const f of files) gzipBytes += gzipSync(readFileSync(join(distDir, f)), { level: 9 }).length;
  return { gzipBytes, files: [...files] };
}

/**
 * The static-import cycles between chunks of the build at `distDir`, each as the chunk files of
 * the cycle (empty: none). A cycle lets a chunk run before one it needs has run (a zod schema
 * built before zod's classes exist: "… is not a constructor" on every page).
 */
export function chunkCycles(distDir: string): string[][] {
  const manifest = readManifest(distDir);
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (key: string) => {
    if (state.get(key) === 'done') return;
    if (state.get(key) === 'open') {
      cycles.push(path.slice(path.indexOf(key)).map((k) => manifest[k]?.file ?? k));
      return;
    }
    state.set(key, 'open');
    path.push(key);
    for (const dep of manifest[key]?.imports ?? []) visit(dep);
    path.pop();
    state.set(key, 'done');
  };
  Object.keys(manifest).forEach(visit);
  return cycles;
}
