/** Issue 15: the quota panels in Indonesian: units, sentences and number grouping ('1.000'). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import i18n from '../../../lib/i18n.ts';
import { jsonResponse, renderWithProviders } from '../../../components/test-render.tsx';
import { RemainingQuotaPanel } from './remaining-quota-panel.tsx';
import { QuotaSettingsPanel } from './quota-settings-form.tsx';

beforeEach(async () => {
  await i18n.changeLanguage('id');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const json = jsonResponse;

describe('quota in Indonesian', () => {
  it('shows the remaining quota with Indonesian units and grouping', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) =>
        String(input).includes('billing')
          ? json({
              data: {
                billing_type: 'pre-paid',
                remaining_quota: [
                  { type: 'wa_utility', quota: 12000, usage: 2000, quota_type: 'session' },
                  { type: 'call', quota: 10, usage: 30, quota_type: 'menit' },
                ],
              },
            })
          : json({ data: { channel: [] } }),
      ),
    );
    renderWithProviders(<RemainingQuotaPanel applicationId="app-1" />);
    expect(await screen.findByRole('heading', { name: 'Sisa Kuota' })).toBeTruthy();
    const wa = within(screen.getByRole('group', { name: 'WhatsApp Utility' }));
    expect(wa.getByText('10.000')).toBeTruthy();
    expect(wa.getByText('Sesi')).toBeTruthy();
    expect(wa.getByText('Terpakai 2.000 dari 12.000 Sesi')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Call' })).getByText('Detik')).toBeTruthy();
  });

  it('labels the notification settings', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({ data: { disable: false, email_recipient: [], thresholds: [{ type: 'sms', reminder: true, threshold: 10, remain_quota: 1500 }] } }),
      ),
    );
    renderWithProviders(<QuotaSettingsPanel applications={[{ id: 'app-1', name: 'Toko', billing_type: 'pre-paid' }]} />);
    expect(await screen.findByRole('switch', { name: 'Peringatan kuota' })).toBeTruthy();
    expect(screen.getByLabelText('Penerima email')).toBeTruthy();
    expect(screen.getByText('Belum ada penerima.')).toBeTruthy();
    expect(screen.getByLabelText('Ambang batas SMS')).toBeTruthy();
    expect(screen.getByText('Sisa: 1.500 Pesan')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Simpan' })).toBeTruthy();
  });
});

describe('QuotaSettingsPanel, post-paid, in Indonesian (issue 23 item 16)', () => {
  it('says warnings apply to pre-paid applications', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ data: { application_id: 'app-9', disable: true, email_recipient: [], thresholds: [{ type: 'sms', reminder: false, threshold: 0, remain_quota: 0 }] } })));
    renderWithProviders(<QuotaSettingsPanel applications={[{ id: 'app-9', name: 'Toko', billing_type: 'post-paid' }]} />);
    expect(await screen.findByText(/^Peringatan kuota hanya berlaku untuk aplikasi prabayar/)).toBeTruthy();
    expect(((await screen.findByRole('button', { name: 'Simpan' })) as HTMLButtonElement).disabled).toBe(true);
  });
});
