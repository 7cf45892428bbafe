/** /profile/edit-profile: saving a language puts it in the session (the header and the layout read it), then reloads. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { User } from '@pesan/contracts/auth';
import i18n, { LANGUAGE_STORAGE_KEY } from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../components/test-render.tsx';
import { sessionQueryKey } from '../../../features/auth/api/get-session.ts';
import EditProfilePage from './edit-profile.tsx';

const user: User = { id: 'u1', fullName: 'Demo', email: 'demo@pesan.local', phoneNumber: '0812', avatar: null, organizationId: 'o1', emailVerified: true, language: 'en', timeZone: 'Asia/Jakarta', role: 'owner', twoFactorEnabled: false, twoFactorSetupRequired: false };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  act(() => notifications.clean());
  localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  await i18n.changeLanguage('en');
});

describe('edit profile page', () => {
  it('stores the saved language in the session and switches the page to it', async () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') return json({ data: { ...user, language: 'id' } });
      return json({ data: user });
    });
    vi.stubGlobal('fetch', fetchMock);
    const { client } = renderWithProviders(<EditProfilePage />, { route: '/profile/edit-profile' });
    fireEvent.click(await screen.findByRole('radio', { name: 'Bahasa Indonesia' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(client.getQueryData<User>(sessionQueryKey)?.language).toBe('id'));
    expect(await screen.findByRole('heading', { name: 'Pengaturan Akun' })).toBeTruthy();
    await waitFor(() => expect(reload).toHaveBeenCalledOnce(), { timeout: 3000 });
  });
});
