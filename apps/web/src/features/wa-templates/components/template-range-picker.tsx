/**
 * Date range of the template list (templates-dashboard-reports.md §2.2, §9: presets Today,
 * Yesterday, Last 7 Days, Last 30 Days; 1 to 31 days; no future day). It may hold no range ('All
 * Time': templates of any date), which the shared DateRangePicker cannot; it uses the shared
 * rules (components/date-range-picker.tsx) and the shared lazily loaded calendar
 * (components/date-range-calendar.tsx), and adds an 'All Time' choice and a reset icon.
 */
import { lazy, Suspense, useState } from 'react';
import { ActionIcon, Button, Center, Group, Loader, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { IconCalendar, IconRestore } from '@tabler/icons-react';
import { MAX_RANGE_DAYS } from '@pesan/contracts/records';
import { datePresets, pickBounds, rangeError, rangeLabel } from '../../../components/date-range-picker.tsx';
import type { DayRange } from '../utils/criteria.ts';

const DateRangeCalendar = lazy(() => import('../../../components/date-range-calendar.tsx'));

/** Text of the picker while no range is chosen. */
export const ALL_TIME = 'All Time';

export interface TemplateRangePickerProps {
  value: DayRange | null;
  onChange: (value: DayRange | null) => void;
}

/** The 'Date range: …' button, its calendar pop-up and the reset icon. */
export function TemplateRangePicker({ value, onChange }: TemplateRangePickerProps) {
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState<[string | null, string | null]>(value ?? [null, null]);
  const [error, setError] = useState<string | null>(null);
  const bounds = pickBounds(draft[0] && !draft[1] ? draft[0] : null);
  const text = value ? rangeLabel(value) : ALL_TIME;

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
  const open = (o: boolean) => {
    if (o) {
      setDraft(value ?? [null, null]);
      setError(null);
    }
    setOpened(o);
  };

  return (
    <Group gap={6} wrap="nowrap">
      <Popover opened={opened} onChange={open} position="bottom-start" shadow="md" trapFocus returnFocus>
        <Popover.Target>
          <Button variant="default" leftSection={<IconCalendar size={16} aria-hidden />} aria-label={`Date range: ${text}`} onClick={() => open(!opened)}>
            <Text span size="sm" c={value ? undefined : 'gray.7'} inherit>
              {text}
            </Text>
          </Button>
        </Popover.Target>
        <Popover.Dropdown aria-label="Pick a date range">
          <Stack gap="xs">
            <Suspense
              fallback={
                <Center h={300} w={360} maw="100%">
                  <Loader size="sm" aria-label="Loading the calendar" />
                </Center>
              }
            >
              <DateRangeCalendar draft={draft} bounds={bounds} presets={datePresets()} onChange={apply} />
            </Suspense>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="xs" c="gray.7">
                Pick 1 to {MAX_RANGE_DAYS} days.
              </Text>
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => {
                  onChange(null);
                  setOpened(false);
                }}
              >
                {ALL_TIME}
              </Button>
            </Group>
            {error ? (
              <Text size="sm" c="red.8" role="alert">
                {error}
              </Text>
            ) : null}
          </Stack>
        </Popover.Dropdown>
      </Popover>
      <Tooltip label={`Reset to ${ALL_TIME}`} withArrow>
        <ActionIcon variant="default" size={36} aria-label="Reset date range to All Time" disabled={!value} onClick={() => onChange(null)}>
          <IconRestore size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
