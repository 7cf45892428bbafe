/**
 * The row action menu of the template list (templates-dashboard-reports.md §2.2): Preview, Edit
 * (only for Draft or Rejected templates, §4), Duplicate and Delete. The menu only reports the
 * choice; the page confirms and calls.
 */
import { ActionIcon, Menu } from '@mantine/core';
import { IconCopy, IconDots, IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TemplateRow } from '@pesan/contracts/wa-template-api';
import { isTemplateEditable } from '@pesan/contracts/wa-template-status';
import { useCan } from '../../../lib/use-can.ts';

export type TemplateAction = 'preview' | 'edit' | 'duplicate' | 'delete';

export interface TemplateActionsMenuProps {
  row: TemplateRow;
  onAction: (action: TemplateAction, row: TemplateRow) => void;
}

export function TemplateActionsMenu({ row, onAction }: TemplateActionsMenuProps) {
  const { t } = useTranslation('wa-templates');
  // Roles without templates.manage only preview (ARCHITECTURE.md §5.1).
  const manage = useCan()('templates.manage');
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={170}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray.8" size="lg" aria-label={t('actions.menuLabel', { name: row.template_name })}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconEye size={16} aria-hidden />} onClick={() => onAction('preview', row)}>
          {t('actions.preview')}
        </Menu.Item>
        {manage && isTemplateEditable(row.status) ? (
          <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => onAction('edit', row)}>
            {t('actions.edit')}
          </Menu.Item>
        ) : null}
        {manage ? (
          <>
            <Menu.Item leftSection={<IconCopy size={16} aria-hidden />} onClick={() => onAction('duplicate', row)}>
              {t('actions.duplicate')}
            </Menu.Item>
            <Menu.Item color="red.9" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => onAction('delete', row)}>
              {t('actions.delete')}
            </Menu.Item>
          </>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
