/**
 * The calendar of DateRangePicker (date-range-picker.tsx), in a chunk of its own with
 * @mantine/dates and its styles: a range month view with the presets, bounded by `bounds`.
 */
import { DatePicker } from '@mantine/dates';
import '@mantine/dates/styles.css';
import dayjs from 'dayjs';
import type { DatePresetLabel, DateRange, pickBounds } from './date-range-picker.tsx';

const DAY = 'YYYY-MM-DD';

export interface DateRangeCalendarProps {
  draft: [string | null, string | null];
  bounds: ReturnType<typeof pickBounds>;
  presets: { label: DatePresetLabel; value: DateRange }[];
  onChange: (next: [string | null, string | null]) => void;
}

export default function DateRangeCalendar({ draft, bounds, presets, onChange: apply }: DateRangeCalendarProps) {
  return (
    <DatePicker
      type="range"
      allowSingleDateInRange
      hideOutsideDates
      weekendDays={[]}
      classNames={{ datePickerRoot: 'pesan-range-root', presetsList: 'pesan-range-presets' }}
      value={draft}
      onChange={(v) => apply([v[0] ? dayjs(v[0]).format(DAY) : null, v[1] ? dayjs(v[1]).format(DAY) : null])}
      presets={presets}
      minDate={bounds.minDate}
      maxDate={bounds.maxDate}
      ariaLabels={{
        previousMonth: 'Previous month', nextMonth: 'Next month',
        previousYear: 'Previous year', nextYear: 'Next year',
        previousDecade: 'Previous decade', nextDecade: 'Next decade',
      }}
    />
  );
}
