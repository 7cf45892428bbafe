/**
 * The docs site's chrome in Indonesian (issue 15): header, sidebar, search results, samples and
 * copy buttons follow the language; the pages' content and the code samples stay as written. The
 * header's language switch changes it at once.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../../lib/i18n.ts';
import { fakeDocsApi, renderDocs, stubViewport } from '../test/fixtures.tsx';

vi.mock('../utils/sanitize.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../utils/sanitize.ts')>();
  const { JSDOM } = await import('jsdom');
  const win = new JSDOM('<!doctype html>', { url: 'http://localhost:3000/' }).window;
  return { sanitizeDocHtml: (html: string) => real.sanitizeDocHtml(html, win) };
});

beforeEach(async () => {
  stubViewport(true);
  await i18n.changeLanguage('id');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await i18n.changeLanguage('en');
});

describe('docs site in Indonesian', () => {
  it('translates the chrome and keeps the content as written', async () => {
    fakeDocsApi();
    renderDocs('/docs/g-msg/c-sms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Send an SMS' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Langsung ke konten utama' })).toBeTruthy();
    expect(screen.getByText('Dokumentasi')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Referensi API' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Konsol' })).toBeTruthy();
    expect(document.title).toBe('Send an SMS · Dokumentasi API Pesan');
    expect(screen.getByRole('combobox', { name: 'Versi API' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Contoh kode' })).toBeTruthy();
    expect(screen.getByRole('tablist', { name: 'Bahasa contoh kode' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Permintaan CURL' }).textContent).toBe('curl https://pesan.test/v1/c-sms');
    const copy = screen.getByRole('button', { name: 'Salin Permintaan CURL' });
    expect(copy.textContent).toBe('Salin');
    expect(screen.getByRole('button', { name: 'Salin Respons CURL' })).toBeTruthy();
    expect(screen.getByTestId('doc-description').textContent).toBe('About Send an SMS.');
  });

  it('counts search results with the Indonesian plural and says when nothing matches', async () => {
    fakeDocsApi();
    renderDocs('/docs/g-start/c-tokens');
    await screen.findByRole('heading', { level: 1, name: 'Access tokens' });
    const search = screen.getByRole('searchbox', { name: 'Cari bantuan' });
    await userEvent.type(search, 'send');
    expect(screen.getByText('2 halaman ditemukan').getAttribute('role')).toBe('status');
    await userEvent.clear(search);
    await userEvent.type(search, 'zzz');
    expect(screen.getByText('Tidak ada judul halaman yang cocok dengan “zzz”.')).toBeTruthy();
    // English has its singular form.
    await userEvent.click(screen.getByRole('button', { name: 'English' }));
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search for help' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search for help' }), 'webhooks');
    expect(screen.getByText('1 page found')).toBeTruthy();
  });

  it('has the language switch in its header, which changes the chrome at once', async () => {
    fakeDocsApi();
    renderDocs('/docs/g-start/c-tokens');
    await screen.findByRole('heading', { level: 1, name: 'Access tokens' });
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('button', { name: 'Bahasa Indonesia' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(within(header).getByRole('button', { name: 'English' }));
    expect(await within(header).findByRole('link', { name: 'Console' })).toBeTruthy();
    expect(within(header).getByRole('link', { name: 'API reference' })).toBeTruthy();
    expect(i18n.language).toBe('en');
  });

  it('shows the docs 404 in Indonesian', async () => {
    fakeDocsApi();
    renderDocs('/docs/g-start/nope');
    expect(await screen.findByRole('link', { name: 'Buka halaman pertama' })).toBeTruthy();
    expect(screen.getByText(/Pilih halaman dari menu atau mulai dari halaman pertama\./)).toBeTruthy();
  });
});
