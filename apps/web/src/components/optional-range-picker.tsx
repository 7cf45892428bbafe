/**
 * A date-range picker that may hold no range (templates-dashboard-reports.md §2.2, §2.7, §2.8,
 * §5.6, §9): the button shows `emptyText` ('All Time') then; with `resettable` it adds a reset
 * icon and an 'All Time' choice. Otherwise the shared picker's behaviour
 * (date-range-picker.tsx: presets Today, Yesterday, Last 7 Days, Last 30 Days, the 1–31 day rule,
 * no future days), with the lazily loaded calendar (date-range-calendar.tsx). Used by the report
 * list and pop-up and by the template list.
 */
import { lazy, Suspense, useState } from 'react';
import { ActionIcon, Button, Center, Group, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { DelayedLoader } from './delayed-loader.tsx';
import { IconCalendar, IconRestore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MAX_RANGE_DAYS } from '@pesan/contracts/records-messages';
import { localizeMessage } from '../lib/i18n.ts';
import { datePresets, pickBounds, rangeError, rangeLabel, type DateRange } from './date-range-picker.tsx';

const DateRangeCalendar = lazy(() => import('./date-range-calendar.tsx'));

export interface OptionalRangePickerProps {
  value: DateRange | null;
  onChange: (value: DateRange | null) => void;
  /** Start of the button's accessible name ('Date range: All Time'). */
  label: string;
  /** Text shown while no range is chosen ('All Time'). */
  emptyText: string;
  /** Adds the reset icon and an 'All Time'-style choice that empty the value. */
  resettable?: boolean;
  /** Id of the button (for a wrapping label) and ids describing it (an error text). */
  id?: string;
  describedBy?: string;
  /** Red border (the field has an error). */
  invalid?: boolean;
  fullWidth?: boolean;
}

/** Button showing the range (or `emptyText`) that opens the calendar with the presets. */
export function OptionalRangePicker({ value, onChange, label, emptyText, resettable, id, describedBy, invalid, fullWidth }: OptionalRangePickerProps) {
  const { t } = useTranslation('common');
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState<[string | null, string | null]>(value ?? [null, null]);
  const [error, setError] = useState<string | null>(null);
  const pending = draft[0] && !draft[1] ? draft[0] : null;
  const bounds = pickBounds(pending);
  const text = value ? rangeLabel(value) : emptyText;

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

  const picker = (
    <Popover
      opened={opened}
      onChange={(o) => {
        setOpened(o);
        if (o) setDraft(value ?? [null, null]);
      }}
      position="bottom-start"
      shadow="md"
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <Button
          id={id}
          variant="default"
          fullWidth={fullWidth}
          justify={fullWidth ? 'flex-start' : undefined}
          fw={fullWidth ? 400 : undefined}
          leftSection={<IconCalendar size={16} aria-hidden />}
          aria-label={`${label}: ${text}`}
          aria-describedby={describedBy}
          styles={invalid ? { root: { borderColor: 'var(--mantine-color-error)' } } : undefined}
          onClick={() => {
            setDraft(value ?? [null, null]);
            setError(null);
            setOpened((o) => !o);
          }}
        >
          <Text span size="sm" c={value ? undefined : 'gray.7'} inherit>
            {text}
          </Text>
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label={t('dateRange.dialog')}>
        <Stack gap="xs">
          <Suspense
            fallback={
              <Center h={300} w={360} maw="100%">
                <DelayedLoader size="sm" aria-label={t('dateRange.loading')} />
              </Center>
            }
          >
            <DateRangeCalendar draft={draft} bounds={bounds} presets={datePresets()} onChange={apply} />
          </Suspense>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="xs" c="gray.7">
              {t('dateRange.hint', { max: MAX_RANGE_DAYS })}
            </Text>
            {resettable ? (
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => {
                  onChange(null);
                  setOpened(false);
                }}
              >
                {emptyText}
              </Button>
            ) : null}
          </Group>
          {error ? (
            <Text size="sm" c="red.8" role="alert">
              {localizeMessage(error)}
            </Text>
          ) : null}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
  if (!resettable) return picker;
  return (
    <Group gap={6} wrap="nowrap">
      {picker}
      <Tooltip label={t('dateRange.resetTo', { text: emptyText })} withArrow>
        <ActionIcon variant="default" size={36} aria-label={t('dateRange.resetAria', { label: label.toLowerCase(), text: emptyText })} disabled={!value} onClick={() => onChange(null)}>
          <IconRestore size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
