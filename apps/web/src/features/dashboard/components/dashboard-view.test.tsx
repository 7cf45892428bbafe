import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { DASHBOARD_MESSAGES } from '@pesan/contracts/dashboard';
import { renderWithProviders } from '../../../components/test-render.tsx';
import { resolveDashboardParams } from '../hooks/use-dashboard-params.ts';
import { DashboardView } from './dashboard-view.tsx';

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fake API: 'METHOD path' -> handler; returns the recorded calls with their bodies. */
function fakeApi(routes: Record<string, (body: Record<string, unknown>) => Response>) {
  const calls: { key: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${String(input).split('?')[0]}`;
      const body = init?.body ? JSON.parse(String(init.body)) : {};
      calls.push({ key, body });
      const handler = routes[key];
      return handler ? handler(body) : json({ error: { code: 'not_found', message: `no fake for ${key}` } }, 404);
    }),
  );
  return calls;
}

const app = (id: string, name: string, channels: string[]) => ({
  id, application_name: name, organization_id: 'o', user_id: 'u', billing_type: 'post-paid', require_signature: false,
  created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z',
  channels: channels.map((c) => ({ channel: c, channel_name: c })),
});

const APPS = [app('a1', 'Toko Rina', ['sms', 'email']), app('a2', 'Kurir Cepat', ['whatsapp'])];

function routes(rate: (body: Record<string, unknown>) => Response) {
  return {
    'POST /api/application/list': () => json({ data: APPS, page: 1, limit: 100, pages: 1, total: 2 }),
    'POST /api/report/rate': rate,
    'POST /api/report/usage': (b: Record<string, unknown>) =>
      json({ data: b.channel === 'email'
        ? { channel: 'email', total: 3, delivered: 2, opened: 0, clicked: 0, failed: 1, unsubscribe: 0, failed_server: 0, submitted: 0, in_queue: 0 }
        : { channel: b.channel, total: 3, total_delivered: 2, total_read: 0, total_submitted: 0, total_rejected: 0, total_failed: 1, total_sent: 0, total_undelivered: 0, total_in_queue: 0 } }),
    'POST /api/report/usage/range-date': (b: Record<string, unknown>) =>
      json({ data: { channel: b.channel, granularity: 'day', time_zone: 'Asia/Jakarta', labels: ['2026-03-01', '2026-03-02'], series: { delivered: [1, 1], failed: [1, 0] }, total: [2, 1] } }),
    'POST /api/whatsapp-api/conversation': () =>
      json({ data: {
        total_all_conversation: 4, total_all_bussiness_initiated: 3, total_all_customer_initiated: 1, total_all_marketing: 1, total_all_utility: 2,
        total_all_authentication: 0, total_all_service: 1, granularity: 'day', time_zone: 'Asia/Jakarta', labels: ['2026-03-01'],
        series: { total: [4], business_initiated: [3], customer_initiated: [1], marketing: [1], utility: [2], authentication: [0], service: [1] },
      } }),
  };
}

const rateOf = (total: number, success: number, failure: number, success_rate: number, failure_rate: number) => (b: Record<string, unknown>) =>
  json({ data: { channel: b.channel, total, success, failure, success_rate, failure_rate, by_status: {} } });

describe('Overview dashboard', () => {
  it('shows the API rates with two decimals, the §3 usage counters, and asks for the first application and channel', async () => {
    const calls = fakeApi(routes(rateOf(3, 2, 1, 66.67, 33.3)));
    renderWithProviders(<DashboardView />, { route: '/dashboard' });
    const success = await screen.findByRole('group', { name: 'Success Rate' });
    await waitFor(() => expect(within(success).getByText('66.67%')).toBeTruthy());
    expect(within(screen.getByRole('group', { name: 'Failure Rate' })).getByText('33.30%')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Total' })).getByText('3')).toBeTruthy();
    expect(within(await screen.findByRole('group', { name: 'Total Delivered' })).getByText('2')).toBeTruthy();
    const rateCall = calls.find((c) => c.key === 'POST /api/report/rate')!;
    expect(rateCall.body).toMatchObject({ application_id: 'a1', channel: 'sms' });
    expect(String(rateCall.body.startDate)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('shows tabs only for the application’s channels and resets the channel when another application is picked', async () => {
    const calls = fakeApi(routes(rateOf(2, 1, 1, 50, 50)));
    renderWithProviders(<DashboardView />, { route: '/dashboard?app=a1&channel=email' });
    const tabs = await screen.findByRole('tablist', { name: 'Channel' });
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual(['SMS', 'Email', 'Verify']);
    expect(within(tabs).getByRole('tab', { name: 'Email' }).getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(within(screen.getByRole('group', { name: 'Success Rate' })).getByText('50.00%')).toBeTruthy());

    fireEvent.click(screen.getByLabelText('Application'));
    fireEvent.click(await screen.findByRole('option', { name: 'Kurir Cepat' }));
    await waitFor(() => expect(within(screen.getByRole('tablist', { name: 'Channel' })).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Whatsapp', 'Verify']));
    expect(screen.getByRole('tab', { name: 'Whatsapp' }).getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/report/rate' && c.body.application_id === 'a2' && c.body.channel === 'whatsapp')).toBe(true));
    expect(await screen.findByRole('group', { name: 'Business Initiated' })).toBeTruthy();
  });

  it('shows the empty state with a link to the API docs when the range has no traffic', async () => {
    fakeApi(routes(rateOf(0, 0, 0, 0, 0)));
    renderWithProviders(<DashboardView />, { route: '/dashboard' });
    expect(await screen.findByText('No traffic in this date range')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Read the API docs' }).getAttribute('href')).toBe('/docs');
    expect(within(screen.getByRole('group', { name: 'Success Rate' })).getByText('0.00%')).toBeTruthy();
  });

  it('toasts the spec’s error when a dashboard call fails', async () => {
    fakeApi(routes(() => json({ error: { code: 'bad_request', message: 'boom' } }, 400)));
    renderWithProviders(<DashboardView />, { route: '/dashboard' });
    expect(await screen.findByText(DASHBOARD_MESSAGES.loadFailed, { selector: '.mantine-Notification-description' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('shows the server’s message, not the generic error, when the range is older than the retention', async () => {
    const message = 'Messages older than 2025-10-02 are no longer kept (retention: 400 days). Choose a range from 2025-10-02.';
    act(() => notifications.clean());
    fakeApi(routes(() => json({ error: { code: 'outside_retention', message, details: [{ path: 'startDate', message }], request_id: 'r' } }, 422)));
    renderWithProviders(<DashboardView />, { route: '/dashboard' });
    expect(await screen.findByText(message, { selector: '.mantine-Notification-description' })).toBeTruthy();
    // The inline state under the tabs says it too.
    expect(screen.getAllByText(message).length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByText(DASHBOARD_MESSAGES.loadFailed)).toBeNull();
  });
});

describe('resolveDashboardParams', () => {
  const apps = [{ id: 'a1', channels: ['sms' as const, 'email' as const] }, { id: 'a2', channels: ['whatsapp' as const] }];
  const today = new Date('2026-03-10T12:00:00');
  it('falls back to the first application, its first channel and the last 7 days', () => {
    expect(resolveDashboardParams(new URLSearchParams('app=zz&channel=call&start=2026-13-01'), apps, today)).toEqual({
      appId: 'a1', channel: 'sms', channels: ['sms', 'email'], range: ['2026-03-04', '2026-03-10'],
    });
  });
  it('keeps valid params and rejects a range over 31 days', () => {
    expect(resolveDashboardParams(new URLSearchParams('app=a2&channel=whatsapp&start=2026-03-01&end=2026-03-01'), apps, today).range).toEqual(['2026-03-01', '2026-03-01']);
    expect(resolveDashboardParams(new URLSearchParams('start=2026-01-01&end=2026-03-01'), apps, today).range).toEqual(['2026-03-04', '2026-03-10']);
  });
});
