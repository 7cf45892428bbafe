/**
 * The removable filter chips under a list's filter bar (templates-dashboard-reports.md §2.2, §2.7
 * "removable chips"), and 'Clear all' when there are several. Each chip's remove button is named
 * 'Remove <text>' and reachable by keyboard. Used by Generate Report and the template list.
 */
import { Button, Group, Pill } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** One chip: its kind (application, status, date), the value it stands for, and its text. */
export interface FilterChip<Type extends string = string> {
  type: Type;
  value: string;
  text: string;
}

export interface FilterChipsProps<C extends FilterChip> {
  chips: C[];
  onRemove: (chip: C) => void;
  onClearAll: () => void;
}

/** The chips, each with a named remove button; nothing when there is no chip. */
export function FilterChips<C extends FilterChip>({ chips, onRemove, onClearAll }: FilterChipsProps<C>) {
  const { t } = useTranslation('common');
  if (chips.length === 0) return null;
  return (
    <Group gap="xs" wrap="wrap" role="group" aria-label={t('filters.active')}>
      {chips.map((c) => (
        <Pill
          key={`${c.type}:${c.value}`}
          size="md"
          withRemoveButton
          onRemove={() => onRemove(c)}
          // Mantine hides the remove button from keyboards and screen readers by default.
          removeButtonProps={{ 'aria-label': t('filters.remove', { text: c.text }), 'aria-hidden': false, tabIndex: 0 }}
          maw="100%"
          styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
          data-chip-type={c.type}
        >
          {c.text}
        </Pill>
      ))}
      {chips.length > 1 ? (
        <Button variant="subtle" size="compact-sm" onClick={onClearAll}>
          {t('filters.clearAll')}
        </Button>
      ) : null}
    </Group>
  );
}
