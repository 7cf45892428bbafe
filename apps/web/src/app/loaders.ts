/**
 * Route loaders that start a page's first data request with its code instead of after its first
 * render (issue 10, Lighthouse mobile). They never block the route: the page's own query picks the
 * answer up from the cache, or asks again.
 */
import type { LoaderFunctionArgs } from 'react-router';
import type { Application } from '@pesan/contracts/application';
import { applicationQueryOptions, getApplication } from '../features/applications/api/get-application.ts';
import { queryClient } from '../lib/query-client.ts';
import { fromEarlyFetch, readData } from './early-fetch.ts';
import { currentUser } from './guards.ts';

/** Monitoring: the application (its name heads the page), once the session is known to be signed in. */
export function prefetchApplication({ params }: LoaderFunctionArgs) {
  const id = params.id;
  if (id) {
    void currentUser()
      .then((user) => {
        if (!user) return;
        const path = `/api/application/${encodeURIComponent(id)}`;
        return queryClient.prefetchQuery({ ...applicationQueryOptions(id), queryFn: ({ signal }) => fromEarlyFetch(path, readData<Application>, () => getApplication(id, signal)) });
      })
      .catch(() => undefined);
  }
  return null;
}
