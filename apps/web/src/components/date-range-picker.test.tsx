import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RECORDS_MESSAGES } from '@pesan/contracts/records';
import { DateRangePicker, datePresets, defaultDateRange, pickBounds, rangeDays, rangeError, rangeLabel, zonedToday } from './date-range-picker.tsx';
import dayjs from 'dayjs';
import { renderWithProviders } from './test-render.tsx';

const today = new Date(2026, 2, 15, 10, 30); // 15 March 2026, local time

describe('date-range rules', () => {
  it('counts days inclusively', () => {
    expect(rangeDays('2026-03-15', '2026-03-15')).toBe(1);
    expect(rangeDays('2026-03-01', '2026-03-31')).toBe(31);
  });
  it('accepts 1 to 31 days and refuses longer or reversed ranges', () => {
    expect(rangeError('2026-03-15', '2026-03-15')).toBeNull();
    expect(rangeError('2026-03-01', '2026-03-31')).toBeNull();
    expect(rangeError('2026-03-01', '2026-04-01')).toBe(RECORDS_MESSAGES.rangeTooLong);
    expect(rangeError('2026-03-02', '2026-03-01')).toBe(RECORDS_MESSAGES.rangeInvalid);
  });
  it('has the four presets, all within the rule', () => {
    const presets = datePresets(today);
    expect(presets.map((p) => p.label)).toEqual(['Today', 'Yesterday', 'Last 7 Days', 'Last 30 Days']);
    expect(presets.map((p) => p.value)).toEqual([
      ['2026-03-15', '2026-03-15'],
      ['2026-03-14', '2026-03-14'],
      ['2026-03-09', '2026-03-15'],
      ['2026-02-14', '2026-03-15'],
    ]);
    for (const p of presets) expect(rangeError(...p.value)).toBeNull();
    expect(defaultDateRange(today)).toEqual(['2026-03-09', '2026-03-15']);
  });
  it('bounds the second pick to 31 days around the first, never after today', () => {
    expect(pickBounds(null, today)).toEqual({ maxDate: '2026-03-15' });
    expect(pickBounds('2026-01-10', today)).toEqual({ minDate: '2025-12-11', maxDate: '2026-02-09' });
    expect(pickBounds('2026-03-10', today)).toEqual({ minDate: '2026-02-08', maxDate: '2026-03-15' });
  });
  it('labels a preset range by its name and others by dates', () => {
    expect(rangeLabel(['2026-03-09', '2026-03-15'], today)).toBe('Last 7 Days');
    expect(rangeLabel(['2026-01-01', '2026-01-05'], today)).toBe('01 Jan 2026 - 05 Jan 2026');
  });
});

describe('DateRangePicker', () => {
  it('is a button named Date range that applies a preset and closes', async () => {
    const onChange = vi.fn();
    renderWithProviders(<DateRangePicker value={defaultDateRange()} onChange={onChange} />);
    const button = screen.getByRole('button', { name: 'Date range: Last 7 Days' });
    expect(button.textContent).toContain('Last 7 Days');
    await userEvent.click(button);
    await userEvent.click(await screen.findByText('Yesterday'));
    const [y] = datePresets().filter((p) => p.label === 'Yesterday');
    expect(onChange).toHaveBeenCalledWith(y!.value);
  });
});

describe('zonedToday', () => {
  it("is Jakarta's calendar day, whatever the browser's zone: 17:30 UTC is already the next day there", () => {
    expect(dayjs(zonedToday(new Date('2026-11-24T17:30:00Z'))).format('YYYY-MM-DD')).toBe('2026-11-25');
    expect(dayjs(zonedToday(new Date('2026-11-24T16:59:59Z'))).format('YYYY-MM-DD')).toBe('2026-11-24');
    // The presets follow it: Today is that day.
    expect(datePresets(zonedToday(new Date('2026-11-24T17:30:00Z')))[0]!.value).toEqual(['2026-11-25', '2026-11-25']);
  });
});

