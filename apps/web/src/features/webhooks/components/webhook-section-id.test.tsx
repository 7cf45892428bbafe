/** Issue 15: the Webhook section in Indonesian (event types and status codes stay as data). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { WebhookDelivery, WebhookEndpoint } from '@pesan/contracts/webhooks';
import i18n from '../../../lib/i18n.ts';
import { jsonResponse, renderWithProviders } from '../../../components/test-render.tsx';
import { WebhookSection } from './webhook-section.tsx';
import { SecretAlert } from './secret-alert.tsx';

beforeEach(async () => {
  await i18n.changeLanguage('id');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const json = jsonResponse;
const endpoint: WebhookEndpoint = {
  url: 'https://example.com/hooks',
  enabled: true,
  disabled_reason: null,
  disabled_at: null,
  previous_secret_expires_at: null,
  require_signature: false,
};
const delivery: WebhookDelivery = {
  id: 'd1',
  event_id: 'evt_1',
  event_type: 'message.status',
  message_id: 'm-1',
  attempt: 1,
  status: 'failed',
  status_code: 500,
  duration_ms: 1250,
  response: null,
  created_at: '2026-03-15T03:04:00Z',
  next_retry_at: null,
  payload: { type: 'message.status' },
};

describe('WebhookSection in Indonesian', () => {
  it('translates labels, columns, the row name and the drawer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) =>
        String(input).includes('/deliveries') ? json({ data: [delivery], page: 1, limit: 10, pages: 1, total: 1 }) : json({ data: endpoint }),
      ),
    );
    renderWithProviders(<WebhookSection applicationId="app-1" requireSignature={false} onRequireSignatureChange={async () => {}} />);
    expect(await screen.findByLabelText(/URL Endpoint/)).toBeTruthy();
    expect(screen.getByRole('switch', { name: /Wajibkan permintaan bertanda tangan/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ganti secret' })).toBeTruthy();
    const row = await screen.findByTestId('delivery-row-d1');
    expect(screen.getByRole('columnheader', { name: 'Jenis event / ID Pesan' })).toBeTruthy();
    expect(row.getAttribute('aria-label')).toBe('message.status percobaan 1, Gagal: buka detail');
    expect(within(row).getByText('message.status')).toBeTruthy();
    expect(within(row).getByText('1,3 s')).toBeTruthy();
    fireEvent.keyDown(row, { key: 'Enter' });
    const drawer = await screen.findByRole('dialog', { name: 'Detail pengiriman' });
    expect(within(drawer).getByRole('button', { name: 'Kirim Ulang' })).toBeTruthy();
    expect(within(drawer).getByText('Tidak ada isi jawaban.')).toBeTruthy();
  });

  it('shows the once-only secret note in Indonesian with the header name as code', () => {
    renderWithProviders(<SecretAlert secret="whsec_x" onDismiss={() => {}} />);
    const alert = screen.getByTestId('webhook-secret');
    expect(within(alert).getByText('webhook-signature').tagName).toBe('CODE');
    expect(alert.textContent).toContain('secret ini tidak akan ditampilkan lagi');
    expect(within(alert).getByRole('button', { name: 'Sudah saya simpan' })).toBeTruthy();
  });
});
