/** /profile/security: the banner for a member who must set up 2FA, the Organization section only for owners and admins. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { User } from '@pesan/contracts/auth';
import { jsonResponse, renderWithProviders } from '../../../components/test-render.tsx';
import SecurityPage from './security.tsx';

const base: User = {
  id: 'u1',
  fullName: 'Demo',
  email: 'demo@pesan.local',
  phoneNumber: '0812',
  avatar: null,
  organizationId: 'o1',
  emailVerified: true,
  language: 'en',
  timeZone: 'Asia/Jakarta',
  role: 'owner',
  twoFactorEnabled: true,
  twoFactorSetupRequired: false,
};
const SESSION = { id: 's1', created_at: new Date().toISOString(), last_seen_at: new Date().toISOString(), ip: '127.0.0.1', user_agent: 'curl/8.5.0', current: true };

function stub(user: User, requireTwoFactor = false) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      if (url === '/api/auth/session') return jsonResponse({ data: user });
      if (url === '/api/user/sessions') return jsonResponse({ data: [SESSION] });
      if (url === '/api/organization/security') return jsonResponse({ data: { require_2fa: requireTwoFactor } });
      return jsonResponse({}, 404);
    }),
  );
  return urls;
}

afterEach(() => vi.unstubAllGlobals());

describe('security page', () => {
  it('shows an owner all three sections', async () => {
    stub(base);
    renderWithProviders(<SecurityPage />, { route: '/profile/security' });
    expect(await screen.findByRole('heading', { name: 'Security', level: 1 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Two-factor sign-in' })).toBeTruthy();
    expect(await screen.findByRole('switch', { name: /Require two-factor sign-in/ })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Sessions' })).toBeTruthy();
    expect(screen.queryByText('Set up two-factor sign-in to continue')).toBeNull();
    expect(screen.getByRole('button', { name: 'Turn off' })).toBeTruthy();
  });

  it('explains why a member who must set up 2FA is here, without the Organization section or its call', async () => {
    const urls = stub({ ...base, role: 'developer', twoFactorEnabled: false, twoFactorSetupRequired: true });
    renderWithProviders(<SecurityPage />, { route: '/profile/security' });
    expect(await screen.findByText('Set up two-factor sign-in to continue')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Set up' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Organization' })).toBeNull();
    await waitFor(() => expect(urls).toContain('/api/user/sessions'));
    expect(urls).not.toContain('/api/organization/security');
  });

  it('offers no Turn off when the organization requires 2FA', async () => {
    stub({ ...base, role: 'viewer' }, true);
    renderWithProviders(<SecurityPage />, { route: '/profile/security' });
    expect(await screen.findByText(/cannot be turned off/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn off' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Organization' })).toBeNull();
  });
});
