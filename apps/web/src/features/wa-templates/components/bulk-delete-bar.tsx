/**
 * The bulk selection bar of the template list (templates-dashboard-reports.md §2.2 Bulk delete):
 * 'N template selected. Do you want to delete the selected template?' with Delete (which the page
 * confirms) and a way to clear the selection. Announced politely to screen readers.
 */
import { Button, Group, Paper, Text, VisuallyHidden } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';

/** The spec's sentence for `n` selected templates. */
export const bulkSelectionText = (n: number) => `${n} template selected. Do you want to delete the selected template?`;

export interface BulkDeleteBarProps {
  count: number;
  onDelete: () => void;
  onClear: () => void;
}

export function BulkDeleteBar({ count, onDelete, onClear }: BulkDeleteBarProps) {
  return (
    <>
      {/* Announced politely; the region takes no room (and adds no gap) while nothing is selected. */}
      <VisuallyHidden aria-live="polite">{count > 0 ? bulkSelectionText(count) : ''}</VisuallyHidden>
      {count > 0 ? (
        <Paper withBorder radius="md" p="sm" bg="red.0" data-testid="bulk-bar">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm" fw={600}>
              {bulkSelectionText(count)}
            </Text>
            <Group gap="xs">
              <Button variant="default" size="xs" onClick={onClear}>
                Cancel
              </Button>
              <Button color="red.9" size="xs" leftSection={<IconTrash size={14} aria-hidden />} onClick={onDelete}>
                Delete
              </Button>
            </Group>
          </Group>
        </Paper>
      ) : null}
    </>
  );
}
