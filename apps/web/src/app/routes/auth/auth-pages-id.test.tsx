/** The sign-in pages and the profile pages' headings in Indonesian (issue 15). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import i18n from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../components/test-render.tsx';
import LoginPage from './login.tsx';
import ForgotPasswordPage from './forgot-password.tsx';
import CompanyDataFirstPage from './company-data-first.tsx';
import ChangePasswordPage from '../profile/change-password.tsx';
import EditOrganizationPage from '../profile/edit-organization.tsx';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('auth and profile pages in Indonesian', () => {
  it('titles the login and forgot-password pages', async () => {
    await i18n.changeLanguage('id');
    const { unmount } = renderWithProviders(<LoginPage />, { route: '/auth/login' });
    expect(screen.getByRole('heading', { name: 'Selamat datang kembali' })).toBeTruthy();
    unmount();
    renderWithProviders(<ForgotPasswordPage />, { route: '/auth/forgot-password' });
    expect(screen.getByRole('heading', { name: 'Lupa kata sandi?' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Kirim' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Kembali ke Halaman Masuk' })).toBeTruthy();
  });

  it('puts the logout action inside its sentence on the company-data page', async () => {
    await i18n.changeLanguage('id');
    renderWithProviders(<CompanyDataFirstPage />, { route: '/auth/company-data-first' });
    expect(screen.getByRole('heading', { name: 'Ceritakan tentang bisnis Anda' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Keluar' }).parentElement?.textContent).toBe('Bukan akun Anda? Keluar');
  });

  it('titles the change-password page with its back link', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ error: { code: 'unauthorized', message: 'x' } }, 401)));
    await i18n.changeLanguage('id');
    renderWithProviders(<ChangePasswordPage />, { route: '/profile/change-password' });
    expect(screen.getByRole('heading', { name: 'Ubah Kata Sandi' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Kembali' }).getAttribute('href')).toBe('/profile/edit-profile');
  });

  it('says in Indonesian that the user has no organization yet', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ data: null })));
    await i18n.changeLanguage('id');
    renderWithProviders(<EditOrganizationPage />, { route: '/profile/edit-organization' });
    expect(screen.getByRole('heading', { name: 'Ubah Organisasi' })).toBeTruthy();
    expect(await screen.findByText('Anda belum tergabung dalam organisasi.')).toBeTruthy();
  });
});
