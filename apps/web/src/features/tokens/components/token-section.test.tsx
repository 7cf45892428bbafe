import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../components/test-render.tsx';
import { pickTokenRow, tokenStatus, TokenSection } from './token-section.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('token status', () => {
  it('is Not Generated, Active or InActive', () => {
    expect(tokenStatus(undefined)).toBe('Not Generated');
    expect(tokenStatus({ channel: 'sms', status: 'Not Generated', id: null, updated_at: null })).toBe('Not Generated');
    expect(tokenStatus({ channel: 'sms', id: 't', updated_at: '2026-01-01T00:00:00Z', is_revoke: false })).toBe('Active');
    expect(tokenStatus({ channel: 'sms', id: 't', updated_at: '2026-01-01T00:00:00Z', is_revoke: true })).toBe('InActive');
  });
  it('prefers the active row of a channel', () => {
    const rows = [
      { channel: 'sms' as const, id: 'old', updated_at: '2026-01-01T00:00:00Z', status: 'InActive' },
      { channel: 'sms' as const, id: 'new', updated_at: '2026-01-02T00:00:00Z', status: 'Active' },
    ];
    expect(pickTokenRow(rows, 'sms')?.id).toBe('new');
  });
});

describe('TokenSection', () => {
  it('shows one card per channel and keeps Generate disabled until a channel is picked', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        new Response(
          JSON.stringify({
            data: [
              { channel: 'sms', status: 'Active', id: 't1', updated_at: '2026-03-15T03:04:00Z' },
              { channel: 'email', status: 'Not Generated', id: null, updated_at: null },
            ],
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
      ),
    );
    renderWithProviders(<TokenSection applicationId="app-1" channels={['email', 'sms']} />);
    expect((screen.getByRole('button', { name: 'Generate' }) as HTMLButtonElement).disabled).toBe(true);
    const sms = await screen.findByTestId('token-card-sms');
    expect(within(sms).getByText('SMS Reguler (V2)')).toBeTruthy();
    expect(within(sms).getByText('Active')).toBeTruthy();
    expect(within(sms).getByText('Last generated')).toBeTruthy();
    const email = screen.getByTestId('token-card-email');
    expect(within(email).getByText('Email (V2)')).toBeTruthy();
    expect(within(email).getByText('Not Generated')).toBeTruthy();
  });
});

describe('token picker options', () => {
  it('lists the spec order plus Voice OTP (V2), WhatsApp (V3) enabled, channels not on the application disabled', async () => {
    const { tokenPickerOptions } = await import('./token-section.tsx');
    expect(tokenPickerOptions(['whatsapp', 'sms', 'voice_otp'])).toEqual([
      { value: 'whatsapp', label: 'WhatsApp (V3)', disabled: false },
      { value: 'email', label: 'Email (V2)', disabled: true },
      { value: 'call', label: 'Call (V2)', disabled: true },
      { value: 'sms', label: 'SMS Reguler (V2)', disabled: false },
      { value: 'sms_otp', label: 'SMS OTP (V2)', disabled: true },
      { value: 'voice_otp', label: 'Voice OTP (V2)', disabled: false },
    ]);
  });
});
