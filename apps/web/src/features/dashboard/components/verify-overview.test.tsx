import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { DASHBOARD_MESSAGES } from '@pesan/contracts/dashboard';
import type { VerifyReportData } from '@pesan/contracts/verify-console';
import i18n from '../../../lib/i18n.ts';
import { jsonResponse as json, renderWithProviders } from '../../../components/test-render.tsx';
import { formatApproveSeconds } from '../utils/verify.ts';
import { DashboardView } from './dashboard-view.tsx';

afterEach(() => vi.unstubAllGlobals());

const app = (id: string, name: string, channels: string[]) => ({
  id, application_name: name, organization_id: 'o', user_id: 'u', billing_type: 'post-paid', require_signature: false,
  created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
  channels: channels.map((c) => ({ channel: c, channel_name: c })),
});

const REPORT: VerifyReportData = {
  application_id: 'a1', granularity: 'day', time_zone: 'Asia/Jakarta',
  started: 1250, approved: 1000, expired: 120, failed: 30, canceled: 20, pending: 80,
  conversion_rate: 80, median_seconds_to_approve: 125,
  per_channel: [
    { channel: 'sms', started: 1000, approved: 820, conversion_rate: 82, median_seconds_to_approve: 42 },
    { channel: 'whatsapp', started: 200, approved: 150, conversion_rate: 75, median_seconds_to_approve: 4.5 },
    { channel: 'call', started: 0, approved: 0, conversion_rate: null, median_seconds_to_approve: null },
    { channel: 'email', started: 50, approved: 30, conversion_rate: 60, median_seconds_to_approve: 3600 },
  ],
  series: [
    { label: '2026-03-01', started: 600, approved: 500, channels: { sms: { started: 500, approved: 420 }, whatsapp: { started: 80, approved: 60 }, call: { started: 0, approved: 0 }, email: { started: 20, approved: 20 } } },
    { label: '2026-03-02', started: 650, approved: 500, channels: { sms: { started: 500, approved: 400 }, whatsapp: { started: 120, approved: 90 }, call: { started: 0, approved: 0 }, email: { started: 30, approved: 10 } } },
  ],
};

const EMPTY: VerifyReportData = {
  ...REPORT, started: 0, approved: 0, expired: 0, failed: 0, canceled: 0, pending: 0, conversion_rate: null, median_seconds_to_approve: null,
  per_channel: REPORT.per_channel.map((c) => ({ ...c, started: 0, approved: 0, conversion_rate: null, median_seconds_to_approve: null })),
  series: [],
};

function fakeApi(verify: (body: Record<string, unknown>) => Response) {
  const calls: { key: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${String(input).split('?')[0]}`;
      const body = init?.body ? JSON.parse(String(init.body)) : {};
      calls.push({ key, body });
      if (key === 'POST /api/application/list') return json({ data: [app('a1', 'Toko Rina', ['sms'])], page: 1, limit: 100, pages: 1, total: 1 });
      if (key === 'POST /api/report/verify') return verify(body);
      return json({ error: { code: 'not_found', message: `no fake for ${key}` } }, 404);
    }),
  );
  return calls;
}

const value = (label: string) => within(screen.getByRole('group', { name: label })).getByTestId('stat-value').textContent;

describe('Overview Verify tab', () => {
  it('comes after the channel tabs and shows the figures, asking for the selected range', async () => {
    const calls = fakeApi(() => json({ data: REPORT }));
    renderWithProviders(<DashboardView />, { route: '/dashboard?app=a1&channel=verify&start=2026-03-01&end=2026-03-02' });
    const tabs = await screen.findByRole('tablist', { name: 'Channel' });
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual(['SMS', 'Verify']);
    expect(within(tabs).getByRole('tab', { name: 'Verify' }).getAttribute('aria-selected')).toBe('true');
    await screen.findByRole('group', { name: 'Verifications started' });
    await waitFor(() => expect(value('Verifications started')).toBe('1,250'));
    expect(value('Approved')).toBe('1,000');
    expect(value('Conversion rate')).toBe('80.00%');
    expect(value('Median time to approve')).toBe('2 min 5 s');
    expect([value('Pending'), value('Expired'), value('Failed'), value('Canceled')]).toEqual(['80', '120', '30', '20']);
    expect(calls.find((c) => c.key === 'POST /api/report/verify')!.body).toEqual({ application_id: 'a1', startDate: '2026-03-01', endDate: '2026-03-02' });
  });

  it('shows one row per Verify channel, with – where nothing was approved', async () => {
    fakeApi(() => json({ data: REPORT }));
    renderWithProviders(<DashboardView />, { route: '/dashboard?app=a1&channel=verify&start=2026-03-01&end=2026-03-02' });
    const table = await screen.findByRole('table', { name: 'Verify per channel' });
    const rows = await within(table).findAllByTestId('verify-channel-row');
    expect(rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent))).toEqual([
      ['SMS', '1,000', '820', '82.00%', '42 s'],
      ['WhatsApp', '200', '150', '75.00%', '4.5 s'],
      ['Voice call', '0', '0', '–', '–'],
      ['E-mail', '50', '30', '60.00%', '1 h'],
    ]);
    // The chart's figures, for screen readers, follow the channel picked above it.
    expect(screen.getByRole('figure', { name: /Verifications started and approved, all channels/ })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Chart channel'), { target: { value: 'email' } });
    expect(await screen.findByRole('figure', { name: /Verifications started and approved, E-mail/ })).toBeTruthy();
  });

  it('shows an empty state linking to the docs when nothing started in the range', async () => {
    fakeApi(() => json({ data: EMPTY }));
    renderWithProviders(<DashboardView />, { route: '/dashboard?app=a1&channel=verify' });
    expect(await screen.findByText('No verifications in this date range')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Read the Verify docs' }).getAttribute('href')).toBe('/docs');
    expect(value('Conversion rate')).toBe('–');
    expect(value('Median time to approve')).toBe('–');
    expect(screen.queryByRole('table', { name: 'Verify per channel' })).toBeNull();
  });

  it('toasts and offers a retry when the report fails', async () => {
    act(() => notifications.clean());
    let fail = true;
    fakeApi(() => (fail ? json({ error: { code: 'bad_request', message: 'boom' } }, 400) : json({ data: REPORT })));
    renderWithProviders(<DashboardView />, { route: '/dashboard?app=a1&channel=verify' });
    expect(await screen.findByText(DASHBOARD_MESSAGES.loadFailed, { selector: '.mantine-Notification-description' })).toBeTruthy();
    expect(screen.getByText('The figures could not be loaded.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(value('Verifications started')).toBe('1,250'));
  });

  it('is in Indonesian when the interface is', async () => {
    fakeApi(() => json({ data: REPORT }));
    await act(() => i18n.changeLanguage('id'));
    try {
      renderWithProviders(<DashboardView />, { route: '/dashboard?app=a1&channel=verify&start=2026-03-01&end=2026-03-02' });
      await screen.findByRole('group', { name: 'Verifikasi dimulai' });
      await waitFor(() => expect(value('Verifikasi dimulai')).toBe('1.250'));
      expect(value('Tingkat konversi')).toBe('80,00%');
      expect(value('Median waktu hingga disetujui')).toBe('2 mnt 5 dtk');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});

describe('formatApproveSeconds', () => {
  const t = i18n.getFixedT('en', 'dashboard');
  it('says seconds, minutes and hours in words', () => {
    expect([null, 4.5, 42, 42.4, 60, 125, 599.6, 3600, 3700].map((s) => formatApproveSeconds(s, t))).toEqual([
      '–', '4.5 s', '42 s', '42 s', '1 min', '2 min 5 s', '10 min', '1 h', '1 h 2 min',
    ]);
  });
});
