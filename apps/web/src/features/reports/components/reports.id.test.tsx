/** Generate Report in Indonesian (issue 15): pop-up labels, status labels keyed by code, our messages, row texts. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../components/test-render.tsx';
import i18n from '../../../lib/i18n.ts';
import { REPORT_MESSAGES } from '@pesan/contracts/reports';
import { REPORT_MESSAGES_ID } from '@pesan/contracts/messages-id';
import { fakeApi, GENERATE, json } from '../test/fixtures.ts';
import { filterChips } from '../utils/chips.ts';
import { formatTotalData, reportProgress } from '../utils/format.ts';
import { GenerateReportModal } from './generate-report-modal.tsx';

beforeEach(async () => {
  await i18n.changeLanguage('id');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('Generate Report in Indonesian', () => {
  it('shows the pop-up in Indonesian with the channel’s statuses and our required message', async () => {
    fakeApi({});
    renderWithProviders(
      <GenerateReportModal opened onClose={() => {}} applications={[]} initial={{ title: 'march', channel: 'sms', status: ['delivered'], type: 'csv', range: ['2026-03-01', '2026-03-07'] }} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Buat Laporan Baru' });
    expect(within(dialog).getByText('Diterima')).toBeTruthy();
    expect(within(dialog).getByText('1 sampai 31 hari')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Batal' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Buat' }));
    expect(await within(dialog).findByText('Aplikasi wajib diisi')).toBeTruthy();
    await userEvent.click(within(dialog).getByLabelText(/^Status/));
    const statuses = (await screen.findAllByRole('option', { hidden: true })).map((o) => o.textContent);
    expect(statuses.slice(0, 3)).toEqual(['Semua', 'Diajukan', 'Dalam Antrean']);
  });

  it('words the row texts, report statuses and chips in Indonesian', () => {
    expect(reportProgress({ data_processed: 1234, total_data: 5000 })).toEqual({ percent: 24, text: '1.234 dari 5.000 baris' });
    expect(reportProgress({ data_processed: 0, total_data: null }).text).toBe('Menunggu dimulai');
    expect(formatTotalData({ total_data: 12345 })).toBe('12.345');
    const chips = filterChips({ applicationIds: ['a1'], statuses: ['done'] }, null, new Map([['a1', 'Toko Rina']]));
    expect(chips.map((c) => c.text)).toEqual(['Aplikasi: Toko Rina', 'Status: Selesai']);
  });

  it('toasts the pending-report limit in Indonesian', async () => {
    fakeApi({ [GENERATE]: () => json({ error: { code: 'rate_limited', message: REPORT_MESSAGES.tooManyPending, request_id: 'r1' } }, 429) });
    renderWithProviders(
      <GenerateReportModal opened onClose={() => {}} applications={[{ id: 'a1', name: 'Toko Rina', channels: ['sms'] }]} initial={{ title: 'march', channel: 'sms', status: ['all'], type: 'csv', range: ['2026-03-01', '2026-03-07'] }} />,
    );
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Buat Laporan Baru' })).getByRole('button', { name: 'Buat' }));
    expect(await screen.findByText(REPORT_MESSAGES_ID.tooManyPending, { selector: '.mantine-Notification-description' })).toBeTruthy();
  });
});
