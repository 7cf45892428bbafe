/**
 * Route loaders that start a page's first data request with its code instead of after its first
 * render (issues 10 and 28, Lighthouse mobile). They never block the route: the page's own query
 * picks the answer up from the cache, or asks again. The query modules of the pages of issue 28 are
 * imported on demand: they are in the page's chunks (which the boot script preloads), and in the
 * entry they would bring zod and the contracts' schemas to every page.
 */
import type { LoaderFunctionArgs } from 'react-router';
import type { Application } from '@pesan/contracts/application';
import type { TemplateRow } from '@pesan/contracts/wa-template-api';
import { applicationQueryOptions, getApplication } from '../features/applications/api/get-application.ts';
import { queryClient } from '../lib/query-client.ts';
import { fromEarlyFetch, readData } from './early-fetch.ts';
import { currentUser } from './guards.ts';

/**
 * Runs `prefetch` once the session is known to be signed in and allowed past the guard (a member
 * who must set up two-factor sign-in is sent to the Security page, and the API answers 403 to
 * their other calls); never fails.
 */
function whenSignedIn(prefetch: () => Promise<unknown>): void {
  void currentUser()
    .then((user) => (user && !user.twoFactorSetupRequired ? prefetch() : undefined))
    .catch(() => undefined);
}

/** The application `id` into the query cache (the boot script's early answer when there is one). */
function prefetchApplicationById(id: string | undefined): void {
  if (!id) return;
  const path = `/api/application/${encodeURIComponent(id)}`;
  whenSignedIn(() => queryClient.prefetchQuery({ ...applicationQueryOptions(id), queryFn: ({ signal }) => fromEarlyFetch(path, readData<Application>, () => getApplication(id, signal)) }));
}

/** Monitoring: the application (its name heads the page). */
export function prefetchApplication({ params }: LoaderFunctionArgs) {
  prefetchApplicationById(params.id);
  return null;
}

/** Application details: the application (every section of the page waits for it). */
export function prefetchApplicationDetail({ params }: LoaderFunctionArgs) {
  prefetchApplicationById(params.appId);
  return null;
}

/** Overview: its application picker's list (the figures wait for the application it picks). */
export function prefetchDashboard() {
  whenSignedIn(async () => {
    const { dashboardApplicationsQueryOptions } = await import('../features/dashboard/api/list-dashboard-applications.ts');
    return queryClient.prefetchQuery(dashboardApplicationsQueryOptions());
  });
  return null;
}

/** Generate Report: its application list (the report list asks for every application's reports). */
export function prefetchReports() {
  whenSignedIn(async () => {
    const { reportApplicationsQueryOptions } = await import('../features/reports/api/list-report-applications.ts');
    return queryClient.prefetchQuery(reportApplicationsQueryOptions());
  });
  return null;
}

/**
 * Template pages (`whatsapp-template/*`, `new-whatsapp-template/*`): the applications both the list
 * and the editor name; on the list, its first page unfiltered; on `edit/{id}`, the template the
 * editor opens.
 */
export function prefetchTemplates({ params }: LoaderFunctionArgs) {
  const rest = params['*'] ?? '';
  const id = /^edit\/([^/]+)\/?$/.exec(rest)?.[1];
  whenSignedIn(async () => {
    const [apps, list, criteria, detail] = await Promise.all([
      import('../features/wa-templates/api/list-template-applications.ts'),
      import('../features/wa-templates/api/list-templates.ts'),
      import('../features/wa-templates/utils/criteria.ts'),
      id ? import('../features/wa-templates/api/get-template.ts') : undefined,
    ]);
    const calls: Promise<unknown>[] = [queryClient.prefetchQuery(apps.templateApplicationsQueryOptions())];
    if (rest === '' || rest === '/') {
      calls.push(queryClient.prefetchQuery(list.templatesQueryOptions(criteria.toTemplateListQuery({ filters: criteria.NO_TEMPLATE_FILTERS, range: null, page: 1 }))));
    }
    if (id && detail) {
      const path = `/api/wa/template/${encodeURIComponent(id)}`;
      calls.push(queryClient.prefetchQuery({ ...detail.templateQueryOptions(id), queryFn: ({ signal }) => fromEarlyFetch(path, readData<TemplateRow>, () => detail.getTemplate(id, signal)) }));
    }
    return Promise.all(calls);
  });
  return null;
}
