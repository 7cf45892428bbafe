/**
 * The pages whose first load is tuned for Lighthouse's mobile run (issue 10, bench/lighthouse.ts):
 * the URL paths they answer, the lazy route modules of app/router.tsx each renders (relative to
 * app/routes, outermost first), the modules those routes load on their first render with
 * React.lazy (`lazy`, relative to app/routes too) and the GET answers its first render waits for
 * (`$1`: the path's first group), with the catalogue namespaces the routes load (`ns`). vite.config.ts gives their modules shared chunks (by which hot
 * pages use them) and writes the boot script (app/boot.ts) that fetches all of it while the entry
 * loads. Data only: no imports.
 */
export interface HotPage {
  name: string;
  path: RegExp;
  routes: readonly string[];
  lazy?: readonly string[];
  /** The catalogue namespaces its routes load (app/router.tsx), besides `common`. */
  ns: readonly string[];
  fetch: readonly string[];
}

const APPLICATIONS_NS = ['applications', 'tokens', 'webhooks', 'quota'];
const TEMPLATES_NS = ['wa-templates', 'wa-template-editor'];

/** The main layout: every signed-in hot page renders inside it. */
const MAIN = 'layouts/main-layout.tsx';
const SESSION = '/api/auth/session';

export const HOT_PAGES = [
  { name: 'login', path: /^\/auth\/login\/?$/, routes: ['layouts/auth-layout.tsx', 'auth/login.tsx'], ns: ['auth'], fetch: ['/api/auth/session'] },
  { name: 'list', path: /^\/(?:my-application\/?)?$/, routes: [MAIN, 'applications/list.tsx'], ns: APPLICATIONS_NS, fetch: [SESSION] },
  { name: 'detail', path: /^\/my-application\/detail\/([^/]+)\/?$/, routes: [MAIN, 'applications/detail.tsx'], ns: APPLICATIONS_NS, fetch: [SESSION, '/api/application/$1'] },
  { name: 'monitoring', path: /^\/my-application\/detail-transaction\/([^/]+)\/?$/, routes: [MAIN, 'monitoring/transactions.tsx'], ns: ['monitoring'], fetch: [SESSION, '/api/application/$1'] },
  { name: 'overview', path: /^\/dashboard\/?$/, routes: [MAIN, 'dashboard/overview.tsx'], ns: ['dashboard', 'monitoring'], fetch: [SESSION] },
  { name: 'report', path: /^\/generate-report\/?$/, routes: [MAIN, 'reports/generate-report.tsx'], ns: ['reports'], fetch: [SESSION] },
  { name: 'templates', path: /^\/(?:new-)?whatsapp-template\/?$/, routes: [MAIN, 'wa-templates/templates.tsx'], ns: TEMPLATES_NS, fetch: [SESSION] },
  {
    name: 'editor',
    path: /^\/(?:new-)?whatsapp-template\/edit\/([^/]+)\/?$/,
    routes: [MAIN, 'wa-templates/templates.tsx'],
    lazy: ['../../features/wa-templates/components/editor/template-editor-page.tsx'],
    ns: TEMPLATES_NS,
    fetch: [SESSION, '/api/wa/template/$1'],
  },
] as const satisfies readonly HotPage[];

export type HotPageName = (typeof HOT_PAGES)[number]['name'];
