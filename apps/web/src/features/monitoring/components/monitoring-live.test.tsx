import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RecordDetail, TransactionRecord } from '@pesan/contracts/records';
import { renderWithProviders } from '../../../components/test-render.tsx';
import { resetLiveConnectionForTests } from '../../../lib/live-events.ts';
import { activityEvent, FakeEventSource, statusEvent } from '../../../lib/live-events.test-support.ts';
import { MonitoringView } from './monitoring-view.tsx';
import { json, recordFixture } from '../test/fixtures.ts';

const ID = '7f1d2c9e-0000-4000-8000-000000000001';
const row: TransactionRecord = { ...recordFixture(ID, 'sms'), status: 'sent', updated_at: '2026-03-15T03:04:01Z' };
const detail = (delivered: boolean): RecordDetail => ({
  ...row,
  status: delivered ? 'delivered' : 'sent',
  application_id: 'app-1',
  provider_code: null,
  events: [
    { status: 'submitted', at: '2026-03-15T03:04:00Z', reason: null, provider_code: null },
    { status: 'sent', at: '2026-03-15T03:04:01Z', reason: null, provider_code: null },
    ...(delivered ? [{ status: 'delivered' as const, at: '2026-03-15T03:05:00Z', reason: null, provider_code: null }] : []),
  ],
  body: {},
  webhook_deliveries: [],
  verification_id: null,
});

// The drawer is a lazy chunk: its first import can take more than the default 1 s on a loaded machine.
configure({ asyncUtilTimeout: 5000 });

let delivered = false;
function fakeApi() {
  const fetchFn = vi.fn(async (input: string, init?: RequestInit) => {
    const path = String(input);
    if (path === '/api/records' && init?.method === 'POST') return json({ data: [row], page: 1, limit: 10, pages: 1, total: 1, total_capped: false, next_cursor: null, last_update: row.updated_at });
    if (path === `/api/records/${ID}`) return json({ data: detail(delivered) });
    return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
  });
  vi.stubGlobal('fetch', fetchFn);
  return {
    listCalls: () => fetchFn.mock.calls.filter(([p, i]) => p === '/api/records' && i?.method === 'POST').length,
    detailCalls: () => fetchFn.mock.calls.filter(([p]) => p === `/api/records/${ID}`).length,
  };
}

beforeEach(() => {
  delivered = false;
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  resetLiveConnectionForTests();
  vi.unstubAllGlobals();
});

/** The stream once it watches the shown row (it reopens when the rows arrive). */
async function openStream() {
  await waitFor(() => expect(FakeEventSource.instances.at(-1)?.url).toBe(`/api/events/stream?application_id=app-1&message_id=${ID}`));
  const es = FakeEventSource.instances.at(-1)!;
  expect(FakeEventSource.instances.slice(0, -1).every((e) => e.closed)).toBe(true);
  act(() => es.open());
  await screen.findByText('Live');
  return es;
}

const rowEl = () => screen.getByRole('row', { name: `Message ${ID}: open details` });

describe('Monitoring live updates', () => {
  it("changes a row's status in place on a status event, without refetching the list", async () => {
    const api = fakeApi();
    renderWithProviders(<MonitoringView applicationId="app-1" channels={['sms']} />);
    await screen.findByRole('row', { name: `Message ${ID}: open details` });
    expect(within(rowEl()).getByText('Sent')).toBeTruthy();
    const es = await openStream();
    const before = api.listCalls();
    act(() => es.emit('status', statusEvent('5', ID, 'app-1', 'delivered'), '5'));
    await waitFor(() => expect(within(rowEl()).getByText('Delivered')).toBeTruthy());
    expect(api.listCalls()).toBe(before);
    expect(screen.queryByRole('button', { name: /New activity/ })).toBeNull();

    // Another application's or channel's activity, or only status changes of the shown rows: nothing to offer.
    act(() => es.emit('activity', activityEvent('6', 'app-2', 3, { sent: 3 }), '6'));
    act(() => es.emit('activity', activityEvent('7', 'app-1', 2, { sent: 2 }, 'whatsapp'), '7'));
    act(() => es.emit('activity', activityEvent('8', 'app-1', 0, { delivered: 1 }), '8'));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: /New activity/ })).toBeNull();
    // New messages of this application and channel: an offer to refresh, no refetch by itself.
    act(() => es.emit('activity', activityEvent('9', 'app-1', 1, { in_queue: 1, sent: 1 }), '9'));
    const offer = await screen.findByRole('button', { name: 'New activity — Refresh' });
    expect(api.listCalls()).toBe(before);
    fireEvent.click(offer);
    await waitFor(() => expect(api.listCalls()).toBe(before + 1));
    expect(screen.queryByRole('button', { name: 'New activity — Refresh' })).toBeNull();
  });

  it("refetches the open message's detail on its event, and its timeline shows the new status", async () => {
    const api = fakeApi();
    renderWithProviders(<MonitoringView applicationId="app-1" channels={['sms']} />, { route: `/?message=${ID}` });
    const drawer = await screen.findByRole('dialog', { name: 'Message detail' });
    await waitFor(() => expect(within(drawer).getAllByTestId('timeline-entry')).toHaveLength(2));
    const es = await openStream();
    const before = api.detailCalls();
    delivered = true;
    act(() => es.emit('status', statusEvent('5', ID, 'app-1', 'delivered'), '5'));
    await waitFor(() => expect(within(drawer).getAllByTestId('timeline-entry')).toHaveLength(3));
    expect(api.detailCalls()).toBe(before + 1);
  });

  it('applies nothing while "Live updates" is off', async () => {
    const api = fakeApi();
    renderWithProviders(<MonitoringView applicationId="app-1" channels={['sms']} />);
    await screen.findByRole('row', { name: `Message ${ID}: open details` });
    const es = await openStream();
    fireEvent.click(screen.getByRole('switch', { name: 'Live updates' }));
    await screen.findByText('Paused');
    const before = api.listCalls();
    act(() => es.emit('status', statusEvent('5', ID, 'app-1', 'delivered'), '5'));
    await new Promise((r) => setTimeout(r, 400));
    expect(within(rowEl()).getByText('Sent')).toBeTruthy();
    expect(api.listCalls()).toBe(before);
  });

  it('says it polls every 10 s when the stream is unavailable', async () => {
    vi.stubGlobal('EventSource', undefined);
    fakeApi();
    renderWithProviders(<MonitoringView applicationId="app-1" channels={['sms']} />);
    await screen.findByRole('row', { name: `Message ${ID}: open details` });
    expect(await screen.findByText('Updates every 10 s')).toBeTruthy();
    expect(screen.getByRole('status', { name: '' }).textContent).toContain('Updates every 10 s');
  });
});
