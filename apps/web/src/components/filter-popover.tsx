/**
 * The 'Filters' button and its dropdown shared by the list pages (templates-dashboard-reports.md
 * §2.2 template list, §2.7 reports): the button shows how many filters are in force (a badge, and
 * ', N selected' for screen readers); the dropdown (focus trapped, returned on close) holds the
 * page's option groups, then Reset (clears the ticks) and Apply (hands them over and closes).
 * Opening calls `onOpen`, where the page starts its ticks from the filters in force.
 */
import { useState, type ReactNode } from 'react';
import { Badge, Button, Checkbox, Group, Popover, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface FilterPopoverProps {
  /** Filters in force (the badge); 0 shows none. */
  count: number;
  /** Called as the dropdown opens. */
  onOpen: () => void;
  /** Reset: clear the ticks (the dropdown stays open). */
  onReset: () => void;
  /** Apply: hand the ticks over; the dropdown then closes. */
  onApply: () => void;
  /** The option groups. */
  children: ReactNode;
}

/** `list` with `item` added (at the end) or removed. */
export const toggleItem = <T,>(list: readonly T[], item: T, on: boolean): T[] => (on ? [...list.filter((x) => x !== item), item] : list.filter((x) => x !== item));

/** `ids` in the order of `options` (unknown ids last), whatever the order they were ticked in. */
export function inOptionOrder(ids: readonly string[], options: readonly { id: string }[]): string[] {
  const order = new Map(options.map((o, i) => [o.id, i]));
  return [...ids].sort((x, y) => (order.get(x) ?? options.length) - (order.get(y) ?? options.length));
}

/** The 'Filters' button and its dropdown (see the module comment). */
export function FilterPopover({ count, onOpen, onReset, onApply, children }: FilterPopoverProps) {
  const { t } = useTranslation('common');
  const [opened, setOpened] = useState(false);
  const open = (o: boolean) => {
    if (o) onOpen();
    setOpened(o);
  };
  return (
    <Popover opened={opened} onChange={open} position="bottom-start" shadow="md" width={300} trapFocus returnFocus>
      <Popover.Target>
        <Button
          variant="default"
          leftSection={<IconFilter size={16} aria-hidden />}
          rightSection={
            count > 0 ? (
              <>
                <Badge size="sm" circle aria-hidden>
                  {count}
                </Badge>
                <VisuallyHidden>{t('filters.selected', { count })}</VisuallyHidden>
              </>
            ) : undefined
          }
          onClick={() => open(!opened)}
        >
          {t('filters.button')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label={t('filters.button')} p="sm">
        <Stack gap="sm">
          {children}
          <Group justify="space-between" gap="xs">
            <Button variant="subtle" size="compact-sm" onClick={onReset}>
              {t('filters.reset')}
            </Button>
            <Button
              size="sm"
              onClick={() => {
                onApply();
                setOpened(false);
              }}
            >
              {t('filters.apply')}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

export interface FilterCheckboxesProps<V extends string> {
  /** The group's accessible name; absent when an enclosing group names it. */
  label?: string;
  options: readonly { value: V; label: string }[];
  /** The ticked values. */
  selected: readonly V[];
  onToggle: (value: V, on: boolean) => void;
  /** Shown instead of the list when there is no option. */
  empty: string;
}

/** One group of filter checkboxes (its options, or `empty` when there is none). */
export function FilterCheckboxes<V extends string>({ label, options, selected, onToggle, empty }: FilterCheckboxesProps<V>) {
  return (
    <Stack gap={8} {...(label ? { role: 'group', 'aria-label': label } : {})}>
      {options.length === 0 ? (
        <Text size="sm" c="gray.7">
          {empty}
        </Text>
      ) : (
        options.map((o) => (
          <Checkbox
            key={o.value}
            label={o.label}
            checked={selected.includes(o.value)}
            onChange={(e) => onToggle(o.value, e.currentTarget.checked)}
            styles={{ label: { overflowWrap: 'anywhere' } }}
          />
        ))
      )}
    </Stack>
  );
}
