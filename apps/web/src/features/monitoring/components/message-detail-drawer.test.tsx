import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RecordDetail, TransactionRecord } from '@pesan/contracts/records';
import { renderWithProviders } from '../../../components/test-render.tsx';
import { MonitoringView } from './monitoring-view.tsx';
import { json, recordFixture } from '../test/fixtures.ts';

afterEach(() => vi.unstubAllGlobals());


const ID = '7f1d2c9e-0000-4000-8000-000000000001';
const row: TransactionRecord = recordFixture(ID, 'sms_otp');
const detail: RecordDetail = {
  ...row,
  application_id: 'app-1',
  provider_code: 'DELIVRD',
  events: [
    { status: 'submitted', at: '2026-03-15T03:04:00Z', reason: null, provider_code: null },
    { status: 'sent', at: '2026-03-15T03:04:01Z', reason: null, provider_code: 'ACCEPTD' },
    { status: 'delivered', at: '2026-03-15T03:04:02Z', reason: 'Handset acknowledged', provider_code: 'DELIVRD' },
  ],
  body: { to: '081234567891', text: 'Your code is ••••••' },
  webhook_deliveries: [
    {
      id: 'd1', event_id: 'evt_1', event_type: 'message.status', message_id: ID, attempt: 1, status: 'succeeded', status_code: 204,
      duration_ms: 12, response: '', created_at: '2026-03-15T03:04:03Z', next_retry_at: null, payload: {},
    },
  ],
  verification_id: null,
};

function fakeApi(detailAnswer: () => Response) {
  const fetchFn = vi.fn(async (input: string, init?: RequestInit) => {
    const path = String(input);
    if (path === '/api/records' && init?.method === 'POST') return json({ data: [row], page: 1, limit: 10, pages: 1, total: 1, last_update: row.updated_at });
    if (path === `/api/records/${ID}`) return detailAnswer();
    return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
  });
  vi.stubGlobal('fetch', fetchFn);
  return fetchFn;
}

describe('message detail drawer', () => {
  it('opens from the ?message= deep link with the timeline, the masked body and the webhook attempts', async () => {
    fakeApi(() => json({ data: detail }));
    renderWithProviders(<MonitoringView applicationId="app-1" channels={['sms_otp']} />, { route: `/?message=${ID}` });
    const drawer = await screen.findByRole('dialog', { name: 'Message detail' });
    await within(drawer).findByTestId('message-detail');
    expect(within(drawer).getByText(ID)).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Copy message ID' })).toBeTruthy();
    const entries = within(drawer).getAllByTestId('timeline-entry');
    expect(entries.map((e) => within(e).getAllByText(/Submitted|Sent|Delivered/)[0]!.textContent)).toEqual(['Submitted', 'Sent', 'Delivered']);
    expect(within(entries[2]!).getByText('Handset acknowledged')).toBeTruthy();
    expect(within(entries[2]!).getByText('DELIVRD')).toBeTruthy();
    const body = within(drawer).getByRole('region', { name: 'Request body JSON' });
    expect(body.textContent).toContain('"text": "Your code is ••••••"');
    expect(body.textContent).not.toMatch(/code is \d/);
    // Not a Verify code: no verification row.
    expect(within(drawer).queryByRole('link', { name: 'View verification timeline' })).toBeNull();
    const attempts = within(drawer).getByRole('table', { name: 'Webhook attempts' });
    expect(within(attempts).getByText('204')).toBeTruthy();
    expect(within(attempts).getByText('Succeeded')).toBeTruthy();

    fireEvent.click(within(drawer).getByRole('button', { name: 'Close message detail' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Message detail' })).toBeNull());
  });

  it('opens when a row is activated with Enter', async () => {
    fakeApi(() => json({ data: detail }));
    renderWithProviders(<MonitoringView applicationId="app-1" channels={['sms_otp']} />);
    const rowEl = await screen.findByRole('row', { name: `Message ${ID}: open details` });
    expect(screen.queryByRole('dialog', { name: 'Message detail' })).toBeNull();
    fireEvent.keyDown(rowEl, { key: 'Enter' });
    const drawer = await screen.findByRole('dialog', { name: 'Message detail' });
    expect(await within(drawer).findAllByTestId('timeline-entry')).toHaveLength(3);
  });

  it("says 'Message not found' for a 404", async () => {
    fakeApi(() => json({ error: { code: 'not_found', message: 'Message not found' } }, 404));
    renderWithProviders(<MonitoringView applicationId="app-1" channels={['sms_otp']} />, { route: `/?message=${ID}` });
    const drawer = await screen.findByRole('dialog', { name: 'Message detail' });
    expect(await within(drawer).findByText('Message not found')).toBeTruthy();
  });

  it('links a Verify code’s verification timeline by URL', async () => {
    fakeApi(() => json({ data: { ...detail, verification_id: 'ver_123' } }));
    renderWithProviders(<MonitoringView applicationId="app-1" channels={['sms_otp']} />, { route: `/?message=${ID}` });
    const drawer = await screen.findByRole('dialog', { name: 'Message detail' });
    const link = await within(drawer).findByRole('link', { name: 'View verification timeline' });
    expect(link.getAttribute('href')).toBe('/my-application/verification/ver_123');
    expect(within(drawer).getByText('Verification')).toBeTruthy();
  });
});
