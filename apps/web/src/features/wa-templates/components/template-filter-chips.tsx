/** The removable filter chips of the template list (templates-dashboard-reports.md §2.2), and 'Clear all' when there are several. */
import { Button, Group, Pill } from '@mantine/core';
import type { TemplateFilterChip } from '../utils/chips.ts';

export interface TemplateFilterChipsProps {
  chips: TemplateFilterChip[];
  onRemove: (chip: TemplateFilterChip) => void;
  onClearAll: () => void;
}

/** The chips, each with a named remove button; nothing when there is no chip. */
export function TemplateFilterChips({ chips, onRemove, onClearAll }: TemplateFilterChipsProps) {
  if (chips.length === 0) return null;
  return (
    <Group gap="xs" wrap="wrap" role="group" aria-label="Active filters">
      {chips.map((c) => (
        <Pill
          key={`${c.type}:${c.value}`}
          size="md"
          withRemoveButton
          onRemove={() => onRemove(c)}
          // Mantine hides the remove button from keyboards and screen readers by default.
          removeButtonProps={{ 'aria-label': `Remove ${c.text}`, 'aria-hidden': false, tabIndex: 0 }}
          maw="100%"
          styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
          data-chip-type={c.type}
        >
          {c.text}
        </Pill>
      ))}
      {chips.length > 1 ? (
        <Button variant="subtle" size="compact-sm" onClick={onClearAll}>
          Clear all
        </Button>
      ) : null}
    </Group>
  );
}
