/**
 * The bulk selection bar of the template list (templates-dashboard-reports.md §2.2 Bulk delete):
 * 'N template selected. Do you want to delete the selected template?' with Delete (which the page
 * confirms) and a way to clear the selection. Announced politely to screen readers.
 */
import { Button, Group, Paper, Text, VisuallyHidden } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface BulkDeleteBarProps {
  count: number;
  onDelete: () => void;
  onClear: () => void;
}

export function BulkDeleteBar({ count, onDelete, onClear }: BulkDeleteBarProps) {
  const { t } = useTranslation('wa-templates');
  // The spec's sentence for `count` selected templates.
  const text = t('bulk.selected', { count });
  return (
    <>
      {/* Announced politely; the region takes no room (and adds no gap) while nothing is selected. */}
      <VisuallyHidden aria-live="polite">{count > 0 ? text : ''}</VisuallyHidden>
      {count > 0 ? (
        <Paper withBorder radius="md" p="sm" bg="red.0" data-testid="bulk-bar">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm" fw={600}>
              {text}
            </Text>
            <Group gap="xs">
              <Button variant="default" size="xs" onClick={onClear}>
                {t('bulk.cancel')}
              </Button>
              <Button color="red.9" size="xs" leftSection={<IconTrash size={14} aria-hidden />} onClick={onDelete}>
                {t('bulk.delete')}
              </Button>
            </Group>
          </Group>
        </Paper>
      ) : null}
    </>
  );
}
