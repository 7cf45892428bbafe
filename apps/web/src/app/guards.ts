/**
 * Route guards (console.md §2): protected routes send anonymous visitors to /auth/login, carrying
 * the asked-for page as `?redirect=` (or to /auth/reset-password when the path contains 'reset');
 * app routes need an organization (else /company-data-first); the organization form sends a user
 * who already has one to /my-application; /auth/login sends a signed-in visitor to its safe
 * `?redirect=` or '/'. A member of an organization that requires two-factor sign-in who lacks it
 * is sent to /profile/security from every other signed-in page (the signed-in layout too, for
 * navigation that runs no guard).
 */
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../lib/query-client.ts';
import type { User } from '@pesan/contracts/auth';
import { getSession, sessionQueryOptions } from '../features/auth/api/get-session.ts';
import { loginPathFor, REDIRECT_PARAM, safeRedirectPath } from '../features/auth/utils/safe-redirect.ts';
import { fromEarlyFetch, readData } from './early-fetch.ts';

const SESSION_PATH = '/api/auth/session';
/** The session probe's early answer (app/boot.ts): the user, or null when anonymous (200 `{data: null}`, or a 401). */
const readSession = (res: Response) => (res.status === 401 ? res.text().then(() => null) : readData<User | null>(res));

export const currentUser = () =>
  queryClient.ensureQueryData({ ...sessionQueryOptions(), queryFn: () => fromEarlyFetch(SESSION_PATH, readSession, getSession) });

/** Where a member whose organization requires two-factor sign-in, and who has not set it up, is sent. */
export const SECURITY_PAGE = '/profile/security';

/**
 * Protected routes: anonymous visitors go to /auth/login (with `?redirect=`) or /auth/reset-password;
 * a user who must set up two-factor sign-in first goes to SECURITY_PAGE.
 */
export async function requireSession({ request }: LoaderFunctionArgs) {
  const user = await currentUser();
  if (!user) {
    const url = new URL(request.url);
    if (url.pathname.includes('reset')) throw redirect(`/auth/reset-password${url.search}`);
    throw redirect(loginPathFor(`${url.pathname}${url.search}`));
  }
  // The organization requires 2FA and this user lacks it: only the Security page (ARCHITECTURE.md §5.1).
  if (user.twoFactorSetupRequired && new URL(request.url).pathname !== SECURITY_PAGE) throw redirect(SECURITY_PAGE);
  return null;
}

/** /company-data-first: needs a session; a user who already has an organization goes to /my-application. */
export async function requireNoOrganization(args: LoaderFunctionArgs) {
  await requireSession(args);
  const user = await currentUser();
  if (user?.organizationId) throw redirect('/my-application');
  return null;
}

/** App routes: a session and an organization (else /company-data-first). */
export async function requireOrganization(args: LoaderFunctionArgs) {
  await requireSession(args);
  const user = await currentUser();
  if (user && !user.organizationId) throw redirect('/company-data-first');
  return null;
}

/** /auth/login and /auth/register: a signed-in visitor goes to the safe `?redirect=` or '/'. */
export async function guestOnly({ request }: LoaderFunctionArgs) {
  const user = await currentUser();
  if (user) throw redirect(safeRedirectPath(new URL(request.url).searchParams.get(REDIRECT_PARAM)) ?? '/');
  return null;
}
