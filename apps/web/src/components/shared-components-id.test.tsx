/** The shared components in Indonesian (issue 15): their own texts come from common.json. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { Table } from '@mantine/core';
import dayjs from 'dayjs';
import i18n from '../lib/i18n.ts';
import { DataTable } from './data-table.tsx';
import { DateRangePicker, datePresets, rangeLabel } from './date-range-picker.tsx';
import { DeliveryStatusBadge, formatDuration } from './delivery-status.tsx';
import { FilterChips } from './filter-chips.tsx';
import { FilterPopover } from './filter-popover.tsx';
import { LeaveDialog } from './leave-guard.tsx';
import { AppPagination, rangeText } from './pagination.tsx';
import { StatusBadge } from './status-badge.tsx';
import { toastError, toastWarning } from './toasts.ts';
import { renderWithProviders } from './test-render.tsx';

const today = new Date(2026, 2, 15, 10, 30);

beforeEach(async () => {
  // dayjs's Indonesian locale (month names) loads with the language; have it ready.
  await import('dayjs/locale/id');
  await i18n.changeLanguage('id');
});
afterEach(async () => {
  act(() => notifications.clean());
  await i18n.changeLanguage('en');
});

describe('shared components in Indonesian', () => {
  it('names statuses by their code', () => {
    renderWithProviders(
      <>
        <StatusBadge status="in_queue" />
        <StatusBadge status="user_busy" />
        <StatusBadge status="some_new_status" />
        <DeliveryStatusBadge status="succeeded" />
      </>,
    );
    expect(screen.getByText('Dalam Antrean')).toBeTruthy();
    expect(screen.getByText('Pengguna Sibuk')).toBeTruthy();
    // A code the catalogue does not know keeps its English label.
    expect(screen.getByText('Some New Status')).toBeTruthy();
    expect(screen.getByText('Berhasil')).toBeTruthy();
  });

  it('formats durations and page ranges with Indonesian separators', async () => {
    expect(formatDuration(1234)).toBe('1,2 s');
    expect(formatDuration(120)).toBe('120 ms');
    expect(rangeText(2, 10, 10000, true)).toBe('11 - 20 dari 10.000+');
    expect(rangeText(1, 10, 0)).toBe('0 - 0 dari 0');
    const onChange = vi.fn();
    renderWithProviders(<AppPagination page={1} limit={10} total={23} onChange={onChange} />);
    expect(screen.getByText('1 - 10 dari 23')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Halaman 3' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Halaman berikutnya' }));
    expect(onChange).toHaveBeenCalledWith(2);
  });

  it('names presets and ranges in Indonesian, with Indonesian month names', async () => {
    await vi.waitFor(() => expect(dayjs.locale()).toBe('id'), { timeout: 5000 });
    expect(rangeLabel(datePresets(today)[2]!.value, today)).toBe('7 Hari Terakhir');
    expect(rangeLabel(['2026-05-01', '2026-05-05'], today)).toBe('01 Mei 2026 - 05 Mei 2026');
    const onChange = vi.fn();
    renderWithProviders(<DateRangePicker value={datePresets()[2]!.value} onChange={onChange} />);
    const button = screen.getByRole('button', { name: 'Rentang tanggal: 7 Hari Terakhir' });
    await userEvent.click(button);
    expect(await screen.findByText('Pilih 1 sampai 31 hari.')).toBeTruthy();
    await userEvent.click(await screen.findByText('Kemarin'));
    expect(onChange).toHaveBeenCalledWith(datePresets()[1]!.value);
  });

  it('translates the filter button, its dropdown and the chips', async () => {
    const onClearAll = vi.fn();
    renderWithProviders(
      <>
        <FilterPopover count={2} onOpen={() => {}} onReset={() => {}} onApply={() => {}}>
          <p>options</p>
        </FilterPopover>
        <FilterChips
          chips={[
            { type: 'app', value: 'a', text: 'Aplikasi A' },
            { type: 'app', value: 'b', text: 'Aplikasi B' },
          ]}
          onRemove={() => {}}
          onClearAll={onClearAll}
        />
      </>,
    );
    const button = screen.getByRole('button', { name: /^Filter/ });
    expect(button.textContent).toContain(', 2 dipilih');
    await userEvent.click(button);
    expect(await screen.findByRole('button', { name: 'Terapkan', hidden: true })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Atur Ulang', hidden: true })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Filter aktif' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hapus Aplikasi A' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Hapus semua' }));
    expect(onClearAll).toHaveBeenCalled();
  });

  it('asks before leaving, and names the table region', async () => {
    renderWithProviders(
      <>
        <LeaveDialog opened onStay={() => {}} onLeave={() => {}} />
        <DataTable label="Pesan" columns={['Kolom']} rows={[1]} loading={false} minWidth={300} skeletonRows={1} renderRow={(r) => <Table.Tr key={r}><Table.Td>{r}</Table.Td></Table.Tr>} />
      </>,
    );
    expect(await screen.findByText('Tinggalkan halaman ini?')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tetap di Sini' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tinggalkan' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Tabel Pesan' })).toBeTruthy();
  });

  it('titles toasts in the current language at the time of the call', async () => {
    renderWithProviders(<p>page</p>);
    act(() => toastWarning('Periksa data Anda'));
    expect(await screen.findByText('Peringatan')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tutup notifikasi' })).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
    act(() => toastError('Boom'));
    expect(await screen.findByText('Error!')).toBeTruthy();
  });
});
