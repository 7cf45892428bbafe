/**
 * The row action menu of the template list (templates-dashboard-reports.md §2.2): Preview, Edit
 * (only for Draft or Rejected templates, §4), Duplicate and Delete. The menu only reports the
 * choice; the page confirms and calls.
 */
import { ActionIcon, Menu } from '@mantine/core';
import { IconCopy, IconDots, IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import type { TemplateRow } from '@pesan/contracts/wa-template-api';
import { isTemplateEditable } from '@pesan/contracts/wa-template-status';

export type TemplateAction = 'preview' | 'edit' | 'duplicate' | 'delete';

export interface TemplateActionsMenuProps {
  row: TemplateRow;
  onAction: (action: TemplateAction, row: TemplateRow) => void;
}

export function TemplateActionsMenu({ row, onAction }: TemplateActionsMenuProps) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={170}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray.8" size="lg" aria-label={`Actions for ${row.template_name}`}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconEye size={16} aria-hidden />} onClick={() => onAction('preview', row)}>
          Preview
        </Menu.Item>
        {isTemplateEditable(row.status) ? (
          <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => onAction('edit', row)}>
            Edit
          </Menu.Item>
        ) : null}
        <Menu.Item leftSection={<IconCopy size={16} aria-hidden />} onClick={() => onAction('duplicate', row)}>
          Duplicate
        </Menu.Item>
        <Menu.Item color="red.9" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => onAction('delete', row)}>
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
