/**
 * Route guards (console.md §2): protected routes send anonymous visitors to /auth/login (or to
 * /auth/reset-password when the path contains 'reset'); app routes need an organization
 * (else /company-data-first); /auth/login sends a signed-in visitor to '/'.
 */
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../lib/query-client.ts';
import { sessionQueryOptions } from '../features/auth/api/get-session.ts';

const currentUser = () => queryClient.ensureQueryData(sessionQueryOptions());

export async function requireSession({ request }: LoaderFunctionArgs) {
  const user = await currentUser();
  if (!user) {
    const url = new URL(request.url);
    if (url.pathname.includes('reset')) throw redirect(`/auth/reset-password${url.search}`);
    throw redirect('/auth/login');
  }
  return null;
}

export async function requireOrganization(args: LoaderFunctionArgs) {
  await requireSession(args);
  const user = await currentUser();
  if (user && !user.organizationId) throw redirect('/company-data-first');
  return null;
}

export async function guestOnly() {
  const user = await currentUser();
  if (user) throw redirect('/');
  return null;
}
