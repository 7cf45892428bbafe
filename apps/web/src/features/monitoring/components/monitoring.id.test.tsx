/** Monitoring in Indonesian (issue 15): filters with status labels keyed by code, table and drawer texts. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { RecordDetail } from '@pesan/contracts/records';
import { renderWithProviders } from '../../../components/test-render.tsx';
import i18n from '../../../lib/i18n.ts';
import { json, recordFixture } from '../test/fixtures.ts';
import { MessageDetail } from './message-detail-drawer.tsx';
import { MonitoringView } from './monitoring-view.tsx';
import { RecordsTable } from './records-table.tsx';

const ID = '7f1d2c9e-0000-4000-8000-000000000001';
const row = recordFixture(ID, 'sms');

beforeEach(async () => {
  await i18n.changeLanguage('id');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('Monitoring in Indonesian', () => {
  it('shows the table headers in Indonesian', async () => {
    renderWithProviders(<RecordsTable channel="sms" rows={[row]} loading={false} onOpen={() => {}} />);
    for (const name of ['ID Pesan', 'Penerima', 'Dibuat Pada', 'Total SMS', 'Negara', 'Status']) {
      expect(await screen.findByRole('columnheader', { name })).toBeTruthy();
    }
    expect(screen.getByRole('row', { name: `Pesan ${ID}: buka detail` })).toBeTruthy();
  });

  it('offers the status filter with Indonesian labels and the search in Indonesian', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ data: [row], page: 1, limit: 10, pages: 1, total: 1, last_update: row.updated_at })));
    renderWithProviders(<MonitoringView applicationId="app-1" channels={['sms']} />);
    expect(await screen.findByText('Pembaruan transaksi terakhir:')).toBeTruthy();
    expect(screen.getByPlaceholderText('Cari berdasarkan ID Pesan')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Muat ulang' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ekspor' })).toBeTruthy();
    const status = screen.getByRole('combobox', { name: 'Status' }) as HTMLInputElement;
    expect(status.value).toBe('Semua');
    fireEvent.click(status);
    const options = (await screen.findAllByRole('option', { hidden: true })).map((o) => o.textContent);
    expect(options).toEqual(['Semua', 'Diajukan', 'Dalam Antrean', 'Terkirim', 'Diterima', 'Tidak Terkirim', 'Gagal', 'Ditolak']);
  });

  it('shows the message detail in Indonesian', () => {
    const detail: RecordDetail = {
      ...row,
      application_id: 'app-1',
      provider_code: 'DELIVRD',
      events: [{ status: 'delivered', at: '2026-03-15T03:04:02Z', reason: null, provider_code: 'DELIVRD' }],
      body: { to: '081234567891' },
      webhook_deliveries: [],
      verification_id: null,
    };
    renderWithProviders(<MessageDetail record={detail} />);
    const detailEl = screen.getByTestId('message-detail');
    expect(within(detailEl).getByText('Riwayat')).toBeTruthy();
    expect(within(detailEl).getByText('Negara')).toBeTruthy();
    expect(within(detailEl).getByText('Belum ada percobaan webhook untuk pesan ini.')).toBeTruthy();
    expect(within(detailEl).getByRole('button', { name: 'Salin ID pesan' })).toBeTruthy();
    const entry = within(detailEl).getByTestId('timeline-entry');
    expect(entry.textContent).toContain('Kode provider: DELIVRD');
  });
});
