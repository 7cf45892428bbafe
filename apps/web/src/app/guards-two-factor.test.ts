import { afterEach, describe, expect, it } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router';
import type { User } from '@pesan/contracts/auth';
import { queryClient } from '../lib/query-client.ts';
import { sessionQueryKey } from '../features/auth/api/get-session.ts';
import { requireOrganization, requireSession, SECURITY_PAGE } from './guards.ts';

const USER: User = {
  id: 'u1',
  fullName: 'Demo',
  email: 'demo@pesan.local',
  phoneNumber: '0812',
  avatar: null,
  organizationId: 'o1',
  emailVerified: true,
  language: null,
  timeZone: 'Asia/Jakarta',
  role: 'developer',
  twoFactorEnabled: false,
  twoFactorSetupRequired: true,
};

const args = (path: string) => ({ request: new Request(`http://localhost${path}`), params: {}, context: {} }) as unknown as LoaderFunctionArgs;

/** The redirect a guard threw (a Response), or null when it let the visitor through. */
async function redirectOf(run: Promise<unknown>): Promise<string | null> {
  try {
    await run;
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location');
    throw thrown;
  }
}

describe('guards: two-factor sign-in required by the organization', () => {
  afterEach(() => queryClient.clear());

  it('sends a member who must set it up from every console page to the Security page', async () => {
    queryClient.setQueryData(sessionQueryKey, USER);
    expect(await redirectOf(requireOrganization(args('/my-application')))).toBe(SECURITY_PAGE);
    expect(await redirectOf(requireSession(args('/profile/edit-profile')))).toBe(SECURITY_PAGE);
    expect(await redirectOf(requireSession(args(SECURITY_PAGE)))).toBeNull();
  });

  it('lets everyone else through', async () => {
    queryClient.setQueryData(sessionQueryKey, { ...USER, twoFactorSetupRequired: false });
    expect(await redirectOf(requireOrganization(args('/my-application')))).toBeNull();
    expect(await redirectOf(requireSession(args('/profile/edit-profile')))).toBeNull();
  });
});
