/** The error pages and the auth layout's promo in Indonesian (issue 15). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import i18n from '../../../lib/i18n.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { renderWithProviders } from '../../../components/test-render.tsx';
import AuthLayout from '../layouts/auth-layout.tsx';
import Error404Page from './error-404.tsx';
import NotFoundPage from './not-found.tsx';
import { routeErrorMessage } from './route-error.tsx';

beforeEach(async () => {
  await i18n.changeLanguage('id');
});
afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('error pages in Indonesian', () => {
  it('shows the 404 pages in Indonesian', () => {
    renderWithProviders(
      <>
        <Error404Page />
        <NotFoundPage />
      </>,
    );
    expect(screen.getByText('Maaf, halaman tersebut tidak ditemukan.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Buka konsol' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Halaman tidak ditemukan' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Kembali ke Aplikasi Saya' })).toBeTruthy();
  });

  it('words the route error in Indonesian, keeping an API error as the server said it', () => {
    expect(routeErrorMessage(new Error('boom'))).toBe('Terjadi kesalahan saat memuat halaman ini. Silakan coba lagi.');
    expect(routeErrorMessage(new TypeError('Failed to fetch'))).toBe('Tidak dapat terhubung ke server. Periksa koneksi Anda, lalu coba lagi.');
    expect(routeErrorMessage(new ApiError(400, 'bad', 'Pesan dari server'))).toBe('Pesan dari server');
  });

  it('shows the auth promo in Indonesian', () => {
    renderWithProviders(<AuthLayout />);
    const promo = screen.getByRole('complementary', { name: 'Tentang Dashboard API' });
    expect(promo.textContent).toContain('Pantau penggunaan API dan tingkat keberhasilan');
    expect(promo.textContent).toContain('Gunakan template WhatsApp');
    expect(screen.getByRole('link', { name: 'Baca dokumentasi API' })).toBeTruthy();
  });
});
