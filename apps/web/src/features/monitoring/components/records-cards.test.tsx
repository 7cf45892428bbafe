import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { TransactionRecord } from '@pesan/contracts/records';
import { renderWithProviders } from '../../../components/test-render.tsx';
import { MonitoringView } from './monitoring-view.tsx';
import { json, recordFixture } from '../test/fixtures.ts';
import { RECORDS_CARDS_QUERY } from './records-table.tsx';
import { exportLink } from '../utils/export-link.ts';

const ID = '7f1d2c9e-0000-4000-8000-000000000002';
const row: TransactionRecord = recordFixture(ID, 'sms');

/** A window `width` px wide as far as matchMedia's max-width queries go. */
function viewport(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const m = /max-width:\s*([\d.]+)em/.exec(query);
    return {
      matches: m ? width <= Number(m[1]) * 16 : false,
      media: query, onchange: null,
      addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false,
    };
  });
}

let bodies: unknown[] = [];
beforeEach(() => {
  bodies = [];
  vi.stubGlobal('fetch', vi.fn(async (input: string, init?: RequestInit) => {
    if (String(input) === '/api/records' && init?.method === 'POST') {
      bodies.push(JSON.parse(String(init.body)));
      return json({ data: [row], page: 1, limit: 10, pages: 1, total: 1, total_capped: false, next_cursor: null, last_update: row.updated_at });
    }
    if (String(input) === `/api/records/${ID}`) return json({ error: { code: 'not_found', message: 'Message not found' } }, 404);
    return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
  }));
});
afterEach(() => vi.unstubAllGlobals());

describe('Monitoring at 375 px', () => {
  it('shows cards with message id, recipient, status and time, and a card opens the detail drawer', async () => {
    viewport(375);
    expect(window.matchMedia(RECORDS_CARDS_QUERY).matches).toBe(true);
    renderWithProviders(<MonitoringView applicationId="app-1" channels={['sms']} />);
    const list = await screen.findByRole('list', { name: 'Transactions' });
    expect(screen.queryByRole('table', { name: 'Transactions' })).toBeNull();
    const card = within(list).getByRole('button', { name: new RegExp(ID) });
    expect(within(card).getByText(ID)).toBeTruthy();
    expect(within(card).getByText('+6281234567891')).toBeTruthy();
    expect(within(card).getByText('Delivered')).toBeTruthy();
    expect(within(card).getByText(/^15-03-2026 \d{2}:04:00 (AM|PM)$/)).toBeTruthy();
    fireEvent.click(card);
    expect(await screen.findByRole('dialog', { name: 'Message detail' })).toBeTruthy();
  });

  it('keeps the table on a wide screen and asks for days YYYY-MM-DD', async () => {
    viewport(1366);
    renderWithProviders(<MonitoringView applicationId="app-1" channels={['sms']} />);
    expect(await screen.findByRole('row', { name: `Message ${ID}: open details` })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Transactions' })).toBeNull();
    expect(bodies[0]).toMatchObject({ startDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), endDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  });
});

describe('Export', () => {
  it('links to Generate Report with the application, channel, status and range', async () => {
    viewport(1366);
    renderWithProviders(<MonitoringView applicationId="app-1" channels={['sms']} />);
    const link = await screen.findByRole('link', { name: 'Export' });
    const href = new URL(link.getAttribute('href')!, 'http://x');
    expect(href.pathname).toBe('/generate-report');
    const body = bodies[0] as { startDate: string; endDate: string };
    expect(Object.fromEntries(href.searchParams)).toEqual({ create: '1', application_id: 'app-1', channel: 'sms', start_date: body.startDate, end_date: body.endDate });
  });

  it('carries a status filter other than All', () => {
    expect(exportLink({ applicationId: 'a', channel: 'email', status: 'opened', range: ['2026-11-01', '2026-11-07'] })).toBe(
      '/generate-report?create=1&application_id=a&channel=email&status=opened&start_date=2026-11-01&end_date=2026-11-07',
    );
  });
});
