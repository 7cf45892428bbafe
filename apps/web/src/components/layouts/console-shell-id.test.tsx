/** The console shell in Indonesian (issue 15): header, sidebar items, account menu. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../lib/i18n.ts';
import { renderWithProviders } from '../test-render.tsx';
import { ConsoleShell } from './console-shell.tsx';
import { MAIN_NAV, PROFILE_NAV } from './shell-nav-items.ts';

const user = { fullName: 'Rina Wijaya', email: 'rina@example.com', avatar: null };

function stubViewport(desktop: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: desktop && query.includes('min-width'),
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  }));
  vi.stubGlobal('innerWidth', desktop ? 1366 : 375);
}

beforeEach(async () => {
  await i18n.changeLanguage('id');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await i18n.changeLanguage('en');
});

describe('console shell in Indonesian', () => {
  it('shows the header, the sidebar and the account menu in Indonesian', async () => {
    stubViewport(true);
    renderWithProviders(
      <ConsoleShell user={user} navItems={MAIN_NAV} navLabel="Utama" onLogout={() => {}}>
        <h1>Halaman</h1>
      </ConsoleShell>,
      { route: '/dashboard' },
    );
    expect(screen.getByRole('link', { name: 'Langsung ke konten utama' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Dokumentasi API' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Beranda Pesan' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Utama' });
    expect(nav.textContent).toContain('Ringkasan');
    expect(nav.textContent).toContain('Aplikasi Saya');
    expect(nav.textContent).toContain('Buat Laporan');
    expect(nav.textContent).toContain('Template WhatsApp');
    expect(screen.getByRole('button', { name: 'Ciutkan sidebar' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Menu akun' }));
    expect(await screen.findByRole('menuitem', { name: 'Pengaturan', hidden: true })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Keluar', hidden: true })).toBeTruthy();
    // The language switch keeps each language's own name.
    expect(screen.getByRole('button', { name: 'Bahasa Indonesia' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('re-renders at once when the language changes back', async () => {
    stubViewport(true);
    renderWithProviders(
      <ConsoleShell user={user} navItems={PROFILE_NAV} navLabel="Profile" onLogout={() => {}}>
        <h1>Page</h1>
      </ConsoleShell>,
    );
    expect(screen.getByRole('button', { name: 'Kembali ke beranda' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('button', { name: 'Back to home' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit Profile' })).toBeTruthy();
  });

  it('names the mobile menu in Indonesian', async () => {
    stubViewport(false);
    renderWithProviders(
      <ConsoleShell user={user} navItems={MAIN_NAV} navLabel="Utama" onLogout={() => {}}>
        <h1>Halaman</h1>
      </ConsoleShell>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Buka menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(drawer.textContent).toContain('Ringkasan');
    expect(drawer.textContent).toContain('Dokumentasi API');
    expect(screen.getByRole('button', { name: 'Tutup menu' })).toBeTruthy();
  });
});
