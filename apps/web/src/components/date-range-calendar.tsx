/**
 * The calendar of DateRangePicker (date-range-picker.tsx), in a chunk of its own with
 * @mantine/dates and its styles: a range month view with the presets, bounded by `bounds`.
 */
import { DatePicker } from '@mantine/dates';
import '@mantine/dates/styles.css';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { presetText, type DatePresetLabel, type DateRange, type pickBounds } from './date-range-picker.tsx';

const DAY = 'YYYY-MM-DD';

export interface DateRangeCalendarProps {
  draft: [string | null, string | null];
  bounds: ReturnType<typeof pickBounds>;
  presets: { label: DatePresetLabel; value: DateRange }[];
  onChange: (next: [string | null, string | null]) => void;
}

export default function DateRangeCalendar({ draft, bounds, presets, onChange: apply }: DateRangeCalendarProps) {
  const { t } = useTranslation('common');
  return (
    <DatePicker
      type="range"
      allowSingleDateInRange
      hideOutsideDates
      weekendDays={[]}
      classNames={{ datePickerRoot: 'pesan-range-root', presetsList: 'pesan-range-presets' }}
      value={draft}
      onChange={(v) => apply([v[0] ? dayjs(v[0]).format(DAY) : null, v[1] ? dayjs(v[1]).format(DAY) : null])}
      presets={presets.map((p) => ({ value: p.value, label: presetText(p.label) }))}
      minDate={bounds.minDate}
      maxDate={bounds.maxDate}
      ariaLabels={{
        previousMonth: t('dateRange.calendar.previousMonth'), nextMonth: t('dateRange.calendar.nextMonth'),
        previousYear: t('dateRange.calendar.previousYear'), nextYear: t('dateRange.calendar.nextYear'),
        previousDecade: t('dateRange.calendar.previousDecade'), nextDecade: t('dateRange.calendar.nextDecade'),
      }}
    />
  );
}
