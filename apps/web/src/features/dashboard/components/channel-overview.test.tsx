/**
 * Overview wording and help (issue 23 item 15): every tile of every channel has an info icon whose
 * tooltip explains it (Failed Server had none), and the screen spells the channel one way, the
 * spec's 'Whatsapp' (never 'WhatsApp' beside it), in English and Indonesian.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ChannelId } from '@pesan/contracts/channels';
import { renderWithProviders } from '../../../components/test-render.tsx';
import i18n from '../../../lib/i18n.ts';
import { ChannelOverview } from './channel-overview.tsx';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const USAGE: Record<string, Record<string, number>> = {
  whatsapp: { total_delivered: 1, total_read: 1, total_submitted: 0, total_rejected: 0, total_failed: 1, total_sent: 0, total_undelivered: 0, total_in_queue: 0 },
  sms: { total_delivered: 1, total_read: 0, total_submitted: 0, total_rejected: 0, total_failed: 1, total_sent: 1, total_undelivered: 0, total_in_queue: 0 },
  email: { delivered: 1, opened: 1, clicked: 0, failed: 1, unsubscribe: 0, failed_server: 0, submitted: 0, in_queue: 0 },
  call: { total_in_call: 0, total_answered: 1, total_rna: 1, total_failed: 1, total_user_busy: 0, total_in_queue: 0 },
  voice_otp: { total_in_queue: 0, total_submitted: 0, total_success: 2, total_failed: 1 },
};

function fakeApi(channel: string) {
  const routes: Record<string, () => Response> = {
    'POST /api/report/rate': () => json({ data: { channel, total: 3, success: 2, failure: 1, success_rate: 66.67, failure_rate: 33.33, by_status: {} } }),
    'POST /api/report/usage': () => json({ data: { channel, total: 3, ...USAGE[channel] } }),
    'POST /api/report/usage/range-date': () =>
      json({ data: { channel, granularity: 'day', time_zone: 'Asia/Jakarta', labels: ['2026-03-01'], series: { delivered: [2], failed: [1] }, total: [3] } }),
    'POST /api/whatsapp-api/conversation': () =>
      json({ data: {
        total_all_conversation: 4, total_all_bussiness_initiated: 3, total_all_customer_initiated: 1, total_all_marketing: 1, total_all_utility: 2,
        total_all_authentication: 0, total_all_service: 1, granularity: 'day', time_zone: 'Asia/Jakarta', labels: ['2026-03-01'],
        series: { total: [4], business_initiated: [3], customer_initiated: [1], marketing: [1], utility: [2], authentication: [0], service: [1] },
      } }),
  };
  vi.stubGlobal('fetch', vi.fn(async (input: string, init?: RequestInit) => routes[`${init?.method ?? 'GET'} ${String(input).split('?')[0]}`]!()));
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe.each(['en', 'id'] as const)('Overview tiles in %s', (lang) => {
  it.each(Object.keys(USAGE))('%s: every tile has an info icon with its explanation, and Whatsapp is spelled one way', async (channel) => {
    await i18n.changeLanguage(lang);
    fakeApi(channel);
    const { container } = renderWithProviders(<ChannelOverview applicationId="a1" channel={channel as ChannelId} range={['2026-03-01', '2026-03-07']} />);
    const tiles = () => screen.getAllByRole('group');
    // Summary 3 + usage counters (+ 6 session figures on Whatsapp), all loaded.
    const expected = 3 + Object.keys(USAGE[channel]!).length + (channel === 'whatsapp' ? 6 : 0);
    await waitFor(() => expect(tiles().filter((g) => within(g).queryByTestId('stat-value')).length).toBe(expected));
    for (const tile of tiles()) {
      const info = within(tile).queryByRole('button');
      expect(info, `tile ${tile.getAttribute('aria-label')} has no info icon`).not.toBeNull();
      expect(info!.getAttribute('aria-label')!.length, `tile ${tile.getAttribute('aria-label')}`).toBeGreaterThan(10);
    }
    expect(container.textContent).not.toMatch(/WhatsApp/);
    if (channel === 'whatsapp') expect(container.textContent).toMatch(/Whatsapp/);
  });
});
