/** The Overview in Indonesian (issue 15): labels, status names, rates and counts follow the language. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../components/test-render.tsx';
import i18n from '../../../lib/i18n.ts';
import OverviewPage from '../../../app/routes/dashboard/overview.tsx';
import { DashboardView } from './dashboard-view.tsx';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const app = (id: string, name: string, channels: string[]) => ({
  id, application_name: name, organization_id: 'o', user_id: 'u', billing_type: 'post-paid', require_signature: false,
  created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
  channels: channels.map((c) => ({ channel: c, channel_name: c })),
});

const record = (n: number) => ({
  msgid: `m${n}`, channel: 'sms', phone_number: '+6281234567891', email: null, to_number: null, msgInfo: null,
  created_at: '2026-03-15T03:04:00Z', updated_at: '2026-03-15T03:04:02Z', total_sms: 1, country: 'ID', status: 'delivered', reason: null,
});

const ROUTES: Record<string, (body: Record<string, unknown>) => Response> = {
  'POST /api/application/list': () => json({ data: [app('a1', 'Toko Rina', ['sms'])], page: 1, limit: 100, pages: 1, total: 1 }),
  'POST /api/report/rate': () => json({ data: { channel: 'sms', total: 1234, success: 823, failure: 411, success_rate: 66.67, failure_rate: 33.3, by_status: {} } }),
  'POST /api/report/usage': () =>
    json({ data: { channel: 'sms', total: 1234, total_delivered: 1200, total_read: 0, total_submitted: 0, total_rejected: 0, total_failed: 34, total_sent: 0, total_undelivered: 0, total_in_queue: 0 } }),
  'POST /api/report/usage/range-date': () =>
    json({ data: { channel: 'sms', granularity: 'day', time_zone: 'Asia/Jakarta', labels: ['2026-03-01', '2026-03-02'], series: { delivered: [1000, 200], failed: [34, 0] }, total: [1034, 200] } }),
  'POST /api/records': () => json({ data: [1, 2, 3, 4, 5].map(record), page: 1, limit: 5, pages: 247, total: 1234, last_update: '2026-03-15T03:04:02Z' }),
};

beforeEach(async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const handler = ROUTES[`${init?.method ?? 'GET'} ${String(input).split('?')[0]}`];
      return handler ? handler(init?.body ? JSON.parse(String(init.body)) : {}) : json({ error: { code: 'not_found', message: 'not found' } }, 404);
    }),
  );
  await i18n.changeLanguage('id');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('Overview in Indonesian', () => {
  it('shows the figures with Indonesian labels, status names and number formats', async () => {
    renderWithProviders(<DashboardView />, { route: '/dashboard' });
    const success = await screen.findByRole('group', { name: 'Tingkat Keberhasilan' });
    await waitFor(() => expect(within(success).getByText('66,67%')).toBeTruthy());
    expect(within(screen.getByRole('group', { name: 'Tingkat Kegagalan' })).getByText('33,30%')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Total' })).getByText('1.234')).toBeTruthy();
    expect(within(await screen.findByRole('group', { name: 'Total Diterima' })).getByText('1.200')).toBeTruthy();
    expect(screen.getByRole('tablist', { name: 'Channel' })).toBeTruthy();
    expect(screen.getByLabelText('Aplikasi')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Ringkasan SMS' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ekspor Penggunaan SMS' })).toBeTruthy();
    // The chart's figures table: Indonesian column names, status labels keyed by status code, Indonesian numbers.
    const chart = await screen.findByRole('table', { name: 'Pesan SMS per status' });
    expect(within(chart).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Hari', 'Diterima', 'Gagal']);
    expect(within(chart).getByText('1.000')).toBeTruthy();
    expect(screen.getByText(/per hari, Diterima, Gagal\. Angkanya ada di tabel di bawah\./)).toBeTruthy();
  });

  it('words the Monitoring preview footer as one sentence with its numbers', async () => {
    renderWithProviders(<OverviewPage />, { route: '/dashboard' });
    expect(await screen.findByRole('heading', { name: 'Ringkasan' })).toBeTruthy();
    // The text starts with a no-break space (kept to the time before it); the matcher sees it trimmed.
    const count = await screen.findByText('· 5 dari 1.234', undefined, { timeout: 4000 });
    expect(count.textContent).toBe('\u00a0· 5 dari 1.234');
    expect(screen.getByText('Pembaruan transaksi terakhir:')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Lihat Semua Monitoring' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'ID Pesan' })).toBeTruthy();
  });
});
