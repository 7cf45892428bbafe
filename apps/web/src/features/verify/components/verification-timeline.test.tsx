import { describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import type { VerificationTimeline as Verification } from '@pesan/contracts/verify-console';
import i18n from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../components/test-render.tsx';
import { formatSeconds, messageDetailUrl } from '../utils/format.ts';
import { VerificationTimeline } from './verification-timeline.tsx';

const V: Verification = {
  id: 'ver_1', application_id: 'app-1', application_name: 'Toko Rina', recipient: '+6281234567891', country: 'ID',
  channel: 'sms', status: 'approved', locale: 'en', template: null, attempts: 2, attempts_left: 3, send_count: 2,
  created_at: '2026-03-15T03:04:00Z', expires_at: '2026-03-15T03:14:00Z', approved_at: '2026-03-15T03:06:05Z', closed_at: '2026-03-15T03:06:05Z',
  seconds_to_approve: 125,
  events: [
    { kind: 'started', at: '2026-03-15T03:04:00Z', channel: 'sms', message_id: null },
    { kind: 'sent', at: '2026-03-15T03:04:00Z', channel: 'sms', message_id: 'msg-a' },
    { kind: 'sent', at: '2026-03-15T03:05:00Z', channel: 'whatsapp', message_id: 'msg-b' },
    { kind: 'approved', at: '2026-03-15T03:06:05Z', channel: null, message_id: null },
  ],
};

describe('verification timeline', () => {
  it('shows the header figures', () => {
    renderWithProviders(<VerificationTimeline verification={V} />);
    expect(screen.getByTestId('verification-recipient').textContent).toBe('+6281234567891');
    expect(screen.getByRole('button', { name: 'Copy recipient' })).toBeTruthy();
    expect(screen.getAllByText('Approved').length).toBeGreaterThan(0);
    expect(screen.getByText('2 used, 3 left')).toBeTruthy();
    expect(screen.getByText('2 min 5 s')).toBeTruthy();
    expect(screen.getByText('Indonesia (ID)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Toko Rina' }).getAttribute('href')).toBe('/my-application/detail/app-1');
  });

  it('lists the events oldest first and links each sent code to its message detail', () => {
    renderWithProviders(<VerificationTimeline verification={V} />);
    const events = screen.getAllByTestId('verification-event');
    expect(events.map((e) => e.querySelector('.mantine-Timeline-itemTitle')?.textContent)).toEqual([
      'Verification started', 'Code sent by SMS', 'Code sent by WhatsApp', 'Approved: the right code was checked',
    ]);
    const a = within(events[1]!).getByRole('link', { name: 'View message msg-a' });
    const url = new URL(a.getAttribute('href')!, 'http://x');
    expect(url.pathname).toBe('/my-application/detail-transaction/app-1');
    expect(url.searchParams.get('message')).toBe('msg-a');
    // SMS codes travel on the SMS OTP channel, whose Monitoring tab opens.
    expect(url.searchParams.get('channel')).toBe('sms_otp');
    expect(new URL(within(events[2]!).getByRole('link').getAttribute('href')!, 'http://x').searchParams.get('channel')).toBe('whatsapp');
    expect(within(events[0]!).queryByRole('link')).toBeNull();
  });

  it('is in Indonesian when the interface is', async () => {
    await act(() => i18n.changeLanguage('id'));
    try {
      renderWithProviders(<VerificationTimeline verification={{ ...V, status: 'pending', approved_at: null, seconds_to_approve: null, events: V.events.slice(0, 2) }} />);
      expect(screen.getByText('Menunggu')).toBeTruthy();
      expect(screen.getByText('Kode dikirim lewat SMS')).toBeTruthy();
      expect(screen.getByText('2 terpakai, sisa 3')).toBeTruthy();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});

describe('verify formats', () => {
  it('words durations and builds the Monitoring link', () => {
    const t = i18n.getFixedT('en', 'verify');
    expect([null, 3.25, 59.6, 61, 3660].map((s) => formatSeconds(s, t))).toEqual(['–', '3.3 s', '1 min', '1 min 1 s', '1 h 1 min']);
    expect(messageDetailUrl('a b', 'call', 'm1', '2026-03-15T03:04:00Z')).toMatch(/^\/my-application\/detail-transaction\/a%20b\?channel=call&start=2026-03-1\d&end=2026-03-1\d&message=m1$/);
  });
});
