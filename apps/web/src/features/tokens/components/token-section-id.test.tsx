/** Issue 15: the Token Authentication section in Indonesian (status labels translated, picker labels kept). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import i18n from '../../../lib/i18n.ts';
import { jsonResponse, renderWithProviders } from '../../../components/test-render.tsx';
import { TokenSection } from './token-section.tsx';

beforeEach(async () => {
  await i18n.changeLanguage('id');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('TokenSection in Indonesian', () => {
  it('translates headings, the button and the statuses', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        jsonResponse({
            data: [
              { channel: 'sms', status: 'Active', id: 't1', updated_at: '2026-03-15T03:04:00Z' },
              { channel: 'email', status: 'InActive', id: 't2', updated_at: '2026-03-14T03:04:00Z' },
            ],
          }),
      ),
    );
    renderWithProviders(<TokenSection applicationId="app-1" channels={['email', 'sms', 'call']} />);
    expect(screen.getByRole('heading', { name: 'Autentikasi Token' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Buat' })).toBeTruthy();
    const sms = await screen.findByTestId('token-card-sms');
    expect(within(sms).getByText('SMS Reguler (V2)')).toBeTruthy();
    expect(within(sms).getByText('Aktif')).toBeTruthy();
    expect(within(sms).getByText('Terakhir dibuat')).toBeTruthy();
    expect(within(screen.getByTestId('token-card-email')).getByText('Nonaktif')).toBeTruthy();
    expect(within(screen.getByTestId('token-card-call')).getByText('Belum Dibuat')).toBeTruthy();
  });
});
