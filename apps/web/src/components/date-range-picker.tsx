/**
 * Date-range picker with presets Today, Yesterday, Last 7 Days, Last 30 Days (console.md §2
 * Monitoring) and the 1–31 day rule (console.md §5, §9; MAX_RANGE_DAYS in contracts/records).
 * Values are inclusive calendar days as 'YYYY-MM-DD' strings: days of the organization's time zone
 * (the server reads them there), whatever the browser's.
 * Texts are in the interface language (common.json `dateRange`); the presets keep their English
 * names as identifiers (DatePresetLabel) and show presetText() of them.
 */
import { lazy, Suspense, useState } from 'react';
import { Button, Center, Popover, Stack, Text } from '@mantine/core';
import { DelayedLoader } from './delayed-loader.tsx';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { MAX_RANGE_DAYS, RECORDS_MESSAGES } from '@pesan/contracts/records-messages';
import { displayTimeZone } from '../lib/format.ts';
import i18n, { localizeMessage } from '../lib/i18n.ts';
import { intentPrefetch } from './intent-prefetch.ts';

/** Inclusive range of days, `[start, end]` as 'YYYY-MM-DD'. */
export type DateRange = [string, string];

const DAY = 'YYYY-MM-DD';

/** Number of calendar days in `[start, end]`, counting both ends: same day -> 1. */
export function rangeDays(start: string, end: string): number {
  return dayjs(end).startOf('day').diff(dayjs(start).startOf('day'), 'day') + 1;
}

/**
 * Checks the 1–31 day rule. Returns null when valid, else the message to show:
 * end before start -> RECORDS_MESSAGES.rangeInvalid; more than 31 days -> rangeTooLong.
 */
export function rangeError(start: string, end: string): string | null {
  const days = rangeDays(start, end);
  if (days < 1) return RECORDS_MESSAGES.rangeInvalid;
  if (days > MAX_RANGE_DAYS) return RECORDS_MESSAGES.rangeTooLong;
  return null;
}

export const DATE_PRESET_LABELS = ['Today', 'Yesterday', 'Last 7 Days', 'Last 30 Days'] as const;
export type DatePresetLabel = (typeof DATE_PRESET_LABELS)[number];

const PRESET_KEYS: Record<DatePresetLabel, string> = {
  Today: 'today',
  Yesterday: 'yesterday',
  'Last 7 Days': 'last7Days',
  'Last 30 Days': 'last30Days',
};

/** The shown name of a preset in the current language ('Last 7 Days' / '7 Hari Terakhir'). */
export const presetText = (label: DatePresetLabel): string => i18n.t(`common:dateRange.presets.${PRESET_KEYS[label]}`);

/**
 * Today's calendar day where the server reads date ranges (the organization's time zone,
 * lib/format.ts displayTimeZone(), Asia/Jakarta by default), as a local Date at midnight.
 * A browser on another zone would otherwise offer a 'Today' that ends before the messages of the
 * last hours (between 17:00 and 24:00 UTC, a UTC browser's today is Jakarta's yesterday).
 */
export function zonedToday(now: Date = new Date(), timeZone: string = displayTimeZone()): Date {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  return dayjs(day).toDate();
}

/** The presets relative to `today` (defaults to zonedToday()): Last 7 Days is today and the 6 days before. */
export function datePresets(today: Date = zonedToday()): { label: DatePresetLabel; value: DateRange }[] {
  const t = dayjs(today).startOf('day');
  const d = (x: dayjs.Dayjs) => x.format(DAY);
  return [
    { label: 'Today', value: [d(t), d(t)] },
    { label: 'Yesterday', value: [d(t.subtract(1, 'day')), d(t.subtract(1, 'day'))] },
    { label: 'Last 7 Days', value: [d(t.subtract(6, 'day')), d(t)] },
    { label: 'Last 30 Days', value: [d(t.subtract(29, 'day')), d(t)] },
  ];
}

/** The default Monitoring range: Last 7 Days. */
export function defaultDateRange(today: Date = zonedToday()): DateRange {
  return datePresets(today)[2]!.value;
}

/**
 * Bounds while the user has picked only a start day: at most 31 days either side of it (inclusive),
 * never after `today`. Without a pending start only `today` bounds the calendar.
 */
export function pickBounds(pendingStart: string | null, today: Date = zonedToday()): { minDate?: string; maxDate: string } {
  const t = dayjs(today).format(DAY);
  if (!pendingStart) return { maxDate: t };
  const s = dayjs(pendingStart);
  const max = s.add(MAX_RANGE_DAYS - 1, 'day').format(DAY);
  return { minDate: s.subtract(MAX_RANGE_DAYS - 1, 'day').format(DAY), maxDate: max < t ? max : t };
}

/**
 * Human text of a range in the current language: '01 Mar 2026 - 07 Mar 2026', or the preset's
 * name when it matches one.
 */
export function rangeLabel([start, end]: DateRange, today: Date = zonedToday()): string {
  const preset = datePresets(today).find((p) => p.value[0] === start && p.value[1] === end);
  if (preset) return presetText(preset.label);
  const f = (s: string) => dayjs(s).format('DD MMM YYYY');
  return start === end ? f(start) : `${f(start)} - ${f(end)}`;
}

export interface DateRangePickerProps {
  value: DateRange;
  onChange: (value: DateRange) => void;
  /** Start of the button's accessible name ('Date range: Last 7 Days'); 'Date range' (translated) by default. */
  label?: string;
}

// The calendar (@mantine/dates and its styles) is not part of the page's first load (issue 10): it
// is fetched when the button is pointed at, focused or touched, and a loader holds its place if the
// pop-up opens before it arrived.
const loadCalendar = () => import('./date-range-calendar.tsx');
const DateRangeCalendar = lazy(loadCalendar);
/** The calendar's size while it loads (one month with the presets beside it), so the pop-up keeps its place. */
const CALENDAR_HEIGHT = 310;
const CALENDAR_WIDTH = 410;

/** A button showing the range that opens a calendar with presets; a complete valid pick applies and closes. */
export function DateRangePicker({ value, onChange, label }: DateRangePickerProps) {
  const { t } = useTranslation('common');
  const name = label ?? t('dateRange.label');
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState<[string | null, string | null]>(value);
  const [error, setError] = useState<string | null>(null);
  const pending = draft[0] && !draft[1] ? draft[0] : null;
  const bounds = pickBounds(pending);

  const apply = (next: [string | null, string | null]) => {
    setDraft(next);
    if (!next[0] || !next[1]) return;
    const err = rangeError(next[0], next[1]);
    setError(err);
    if (!err) {
      onChange([next[0], next[1]]);
      setOpened(false);
    }
  };

  return (
    <Popover
      opened={opened}
      onChange={(o) => {
        setOpened(o);
        if (o) setDraft(value);
      }}
      position="bottom-end"
      shadow="md"
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <Button
          {...intentPrefetch(loadCalendar)}
          variant="default"
          leftSection={<IconCalendar size={16} aria-hidden />}
          aria-label={`${name}: ${rangeLabel(value)}`}
          onClick={() => {
            setDraft(value);
            setError(null);
            setOpened((o) => !o);
          }}
        >
          {rangeLabel(value)}
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label={t('dateRange.dialog')}>
        <Stack gap="xs">
          <Suspense
            fallback={
              <Center h={CALENDAR_HEIGHT} w={CALENDAR_WIDTH}>
                <DelayedLoader size="sm" aria-label={t('dateRange.loading')} />
              </Center>
            }
          >
            <DateRangeCalendar draft={draft} bounds={bounds} presets={datePresets()} onChange={apply} />
          </Suspense>
          <Text size="xs" c="gray.7">
            {t('dateRange.hint', { max: MAX_RANGE_DAYS })}
          </Text>
          {error ? (
            <Text size="sm" c="red.8" role="alert">
              {localizeMessage(error)}
            </Text>
          ) : null}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
