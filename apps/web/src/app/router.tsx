/**
 * Routes of console.md §2, code-split per page. Pages live in app/routes/<area>/<page>.tsx and
 * compose features; layouts live in app/routes/layouts.
 */
import { createBrowserRouter, type RouteObject } from 'react-router';
import { guestOnly, requireNoOrganization, requireOrganization, requireSession } from './guards.ts';
import { prefetchApplication, prefetchApplicationDetail, prefetchDashboard, prefetchReports, prefetchTemplates } from './loaders.ts';
import RouteError from './routes/errors/route-error.tsx';
import { loadNamespaces, type Namespace } from '../lib/i18n.ts';

type PageModule = { default: React.ComponentType };
/** A code-split page; its catalogue namespaces load beside its chunk (ARCHITECTURE.md §10). */
const page = (load: () => Promise<PageModule>, ns: readonly Namespace[] = []): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const [mod] = await Promise.all([load(), ns.length ? loadNamespaces(ns) : undefined]);
    return { Component: mod.default };
  },
});

const pages: RouteObject[] = [
  {
    path: '/auth',
    ...page(() => import('./routes/layouts/auth-layout.tsx')),
    children: [
      { path: 'login', loader: guestOnly, ...page(() => import('./routes/auth/login.tsx'), ['auth']) },
      { path: 'register', loader: guestOnly, ...page(() => import('./routes/auth/register.tsx'), ['auth']) },
      { path: 'forgot-password', ...page(() => import('./routes/auth/forgot-password.tsx'), ['auth']) },
      { path: 'reset-password', ...page(() => import('./routes/auth/reset-password.tsx'), ['auth']) },
      { path: 'email_verification/:token', ...page(() => import('./routes/auth/email-verification.tsx'), ['auth']) },
      { path: 'invitation/:token', ...page(() => import('./routes/auth/invitation.tsx'), ['auth', 'members']) },
      { path: 'company-data-first', loader: requireNoOrganization, ...page(() => import('./routes/auth/company-data-first.tsx'), ['auth', 'organization', 'terms']) },
    ],
  },
  {
    path: '/company-data-first',
    ...page(() => import('./routes/layouts/auth-layout.tsx')),
    children: [{ index: true, loader: requireNoOrganization, ...page(() => import('./routes/auth/company-data-first.tsx'), ['auth', 'organization', 'terms']) }],
  },
  { path: '/404', ...page(() => import('./routes/errors/error-404.tsx')) },
  {
    // The docs site (features/api-docs): no guard; the page reads the child route's params.
    path: '/docs',
    ...page(() => import('./routes/docs/docs.tsx'), ['api-docs']),
    children: [
      { index: true, element: null },
      { path: ':parentId/:childId', element: null },
      { path: '*', element: null },
    ],
  },
  {
    path: '/profile',
    loader: requireSession,
    ...page(() => import('./routes/layouts/profile-layout.tsx')),
    children: [
      { path: 'edit-profile', ...page(() => import('./routes/profile/edit-profile.tsx'), ['profile', 'auth']) },
      { path: 'edit-organization', ...page(() => import('./routes/profile/edit-organization.tsx'), ['organization']) },
      { path: 'change-password', ...page(() => import('./routes/profile/change-password.tsx'), ['profile', 'auth']) },
      { path: 'notification-settings', ...page(() => import('./routes/profile/notification-settings.tsx'), ['profile', 'auth']) },
      { path: 'members', ...page(() => import('./routes/profile/members.tsx'), ['members']) },
      { path: 'audit-log', ...page(() => import('./routes/profile/audit-log.tsx'), ['audit-log']) },
      { path: 'security', ...page(() => import('./routes/profile/security.tsx'), ['security']) },
    ],
  },
  {
    path: '/',
    loader: requireOrganization,
    ...page(() => import('./routes/layouts/main-layout.tsx')),
    children: [
      { index: true, ...page(() => import('./routes/applications/list.tsx'), ['applications', 'tokens', 'webhooks', 'quota']) },
      { path: 'my-application', ...page(() => import('./routes/applications/list.tsx'), ['applications', 'tokens', 'webhooks', 'quota']) },
      { path: 'my-application/create-application', ...page(() => import('./routes/applications/create.tsx'), ['applications', 'tokens', 'webhooks', 'quota']) },
      { path: 'my-application/edit-application', ...page(() => import('./routes/applications/edit.tsx'), ['applications', 'tokens', 'webhooks', 'quota']) },
      { path: 'my-application/detail/:appId', loader: prefetchApplicationDetail, ...page(() => import('./routes/applications/detail.tsx'), ['applications', 'tokens', 'webhooks', 'quota']) },
      { path: 'my-application/detail-transaction/:id', loader: prefetchApplication, ...page(() => import('./routes/monitoring/transactions.tsx'), ['monitoring']) },
      { path: 'my-application/verification/:id', ...page(() => import('./routes/verify/verification.tsx'), ['verify']) },
      { path: 'dashboard', loader: prefetchDashboard, ...page(() => import('./routes/dashboard/overview.tsx'), ['dashboard', 'monitoring']) },
      { path: 'generate-report', loader: prefetchReports, ...page(() => import('./routes/reports/generate-report.tsx'), ['reports']) },
      { path: 'whatsapp-template/*', loader: prefetchTemplates, ...page(() => import('./routes/wa-templates/templates.tsx'), ['wa-templates', 'wa-template-editor']) },
      { path: 'new-whatsapp-template/*', loader: prefetchTemplates, ...page(() => import('./routes/wa-templates/templates.tsx'), ['wa-templates', 'wa-template-editor']) },
      { path: '*', ...page(() => import('./routes/errors/not-found.tsx')) },
    ],
  },
];

/** Nothing while the first page's guard and chunk load (the page's own skeleton follows at once); stated, so React Router does not warn. */
const HydrateFallback = () => null;

/** Every page under one error boundary: a guard or chunk that fails shows RouteError, never a blank screen. */
export const routes: RouteObject[] = [{ ErrorBoundary: RouteError, HydrateFallback, children: pages }];

export const router = createBrowserRouter(routes);
