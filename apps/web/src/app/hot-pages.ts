/**
 * The pages whose first load is tuned for Lighthouse's mobile run (issue 10, bench/lighthouse.ts):
 * the URL paths they answer, the lazy route modules of app/router.tsx each renders (relative to
 * app/routes, outermost first) and the GET answers its first render waits for (`$1`: the path's
 * first group). vite.config.ts gives their modules a few shared chunks and writes the boot script
 * (app/boot.ts) that fetches all of it while the entry loads. Data only: no imports.
 */
export interface HotPage {
  name: string;
  path: RegExp;
  routes: readonly string[];
  fetch: readonly string[];
}

export const HOT_PAGES = [
  { name: 'login', path: /^\/auth\/login\/?$/, routes: ['layouts/auth-layout.tsx', 'auth/login.tsx'], fetch: ['/api/auth/session'] },
  { name: 'list', path: /^\/(?:my-application\/?)?$/, routes: ['layouts/main-layout.tsx', 'applications/list.tsx'], fetch: ['/api/auth/session'] },
  {
    name: 'monitoring',
    path: /^\/my-application\/detail-transaction\/([^/]+)\/?$/,
    routes: ['layouts/main-layout.tsx', 'monitoring/transactions.tsx'],
    fetch: ['/api/auth/session', '/api/application/$1'],
  },
] as const satisfies readonly HotPage[];

export type HotPageName = (typeof HOT_PAGES)[number]['name'];
