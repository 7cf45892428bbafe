/**
 * The preview modal of the template list (templates-dashboard-reports.md §2.2): the template code
 * with a copy button ('Copied' for 2 s, the shared CopyValueButton), the name, category, language
 * (its name), status, body (as written), the rejection notes when the template is Rejected, and
 * the phone-style preview with the application's WhatsApp sender name (a placeholder default when
 * it has none).
 */
import { Alert, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TemplateRow } from '@pesan/contracts/wa-template-api';
import { normaliseTemplateStatus } from '@pesan/contracts/wa-template-status';
import { CopyValueButton } from '../../../components/copy-value-button.tsx';
import { LabelledField } from '../../../components/labelled-field.tsx';
import { templateCategoryText, templateLanguageName } from '../utils/labels.ts';
import { PhonePreview } from './phone-preview.tsx';
import { TemplateStatusBadge } from './template-status-badge.tsx';

export interface TemplatePreviewModalProps {
  /** The template to show; null closes the modal. */
  row: TemplateRow | null;
  /** The application's WhatsApp sender name. */
  senderName?: string | null;
  onClose: () => void;
}

/** The rejection notes of a rejected template: the row's notes, else its reason and recommendation. */
export function rejectionNotes(row: Pick<TemplateRow, 'notes' | 'rejection_reason' | 'recommendation'>): string[] {
  if (row.notes?.trim()) return [row.notes.trim()];
  return [row.rejection_reason, row.recommendation].filter((s): s is string => Boolean(s?.trim()));
}

export function TemplatePreviewModal({ row, senderName, onClose }: TemplatePreviewModalProps) {
  const { t } = useTranslation('wa-templates');
  const rejected = row ? normaliseTemplateStatus(row.status) === 'REJECTED' : false;
  const notes = row && rejected ? rejectionNotes(row) : [];
  return (
    <Modal opened={row !== null} onClose={onClose} title={t('preview.title')} size="xl" centered closeButtonProps={{ 'aria-label': t('preview.close') }} styles={{ title: { fontWeight: 700 } }}>
      {row ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Stack gap="sm">
            <LabelledField label={t('preview.templateCode')}>
              <Group gap={4} wrap="nowrap">
                <Text size="sm" ff="monospace" data-testid="preview-template-code" style={{ overflowWrap: 'anywhere' }}>
                  {row.template_code_id}
                </Text>
                <CopyValueButton value={row.template_code_id} label={t('preview.copyCode')} />
              </Group>
            </LabelledField>
            <LabelledField label={t('preview.templateName')}>{row.template_name}</LabelledField>
            <SimpleGrid cols={2} spacing="sm">
              <LabelledField label={t('preview.category')}>{templateCategoryText(row.template_category)}</LabelledField>
              <LabelledField label={t('preview.language')}>{templateLanguageName(row.language)}</LabelledField>
            </SimpleGrid>
            <LabelledField label={t('preview.status')}>
              <TemplateStatusBadge status={row.status} label={row.status_label} />
            </LabelledField>
            <LabelledField label={t('preview.body')}>
              <Text size="sm" component="div" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="preview-body-source">
                {row.payload.body.text || '-'}
              </Text>
            </LabelledField>
            {rejected ? (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} title={t('preview.rejectedNotes')} styles={{ title: { color: 'var(--mantine-color-red-9)' } }}>
                <Stack gap={4}>
                  {notes.length ? (
                    notes.map((n, i) => (
                      <Text key={i} size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} translate="no">
                        {n}
                      </Text>
                    ))
                  ) : (
                    <Text size="sm">{t('preview.noReason')}</Text>
                  )}
                </Stack>
              </Alert>
            ) : null}
          </Stack>
          <PhonePreview payload={row.payload} senderName={senderName} />
        </SimpleGrid>
      ) : null}
    </Modal>
  );
}
