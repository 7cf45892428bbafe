/**
 * The preview modal of the template list (templates-dashboard-reports.md §2.2): the template code
 * with a copy button ('Copied' for 2 s, the shared CopyValueButton), the name, category, language
 * (its name), status, body (as written), the rejection notes when the template is Rejected, and
 * the phone-style preview with the application's WhatsApp sender name (a placeholder default when
 * it has none).
 */
import { Alert, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { TemplateRow } from '@pesan/contracts/wa-template-api';
import { languageName } from '@pesan/contracts/wa-template-languages';
import { TEMPLATE_CATEGORY_OPTIONS } from '@pesan/contracts/wa-template-model';
import { normaliseTemplateStatus } from '@pesan/contracts/wa-template-status';
import { CopyValueButton } from '../../../components/copy-value-button.tsx';
import { LabelledField } from '../../../components/labelled-field.tsx';
import { PhonePreview } from './phone-preview.tsx';
import { TemplateStatusBadge } from './template-status-badge.tsx';

/** Title (and accessible name) of the modal. */
export const PREVIEW_MODAL_TITLE = 'Preview Template';

export interface TemplatePreviewModalProps {
  /** The template to show; null closes the modal. */
  row: TemplateRow | null;
  /** The application's WhatsApp sender name. */
  senderName?: string | null;
  onClose: () => void;
}

/** Category label ('MARKETING' -> 'Marketing'). */
export const categoryLabel = (category: string) => TEMPLATE_CATEGORY_OPTIONS.find((o) => o.value === category)?.label ?? category;

/** The rejection notes of a rejected template: the row's notes, else its reason and recommendation. */
export function rejectionNotes(row: Pick<TemplateRow, 'notes' | 'rejection_reason' | 'recommendation'>): string[] {
  if (row.notes?.trim()) return [row.notes.trim()];
  return [row.rejection_reason, row.recommendation].filter((s): s is string => Boolean(s?.trim()));
}

export function TemplatePreviewModal({ row, senderName, onClose }: TemplatePreviewModalProps) {
  const rejected = row ? normaliseTemplateStatus(row.status) === 'REJECTED' : false;
  const notes = row && rejected ? rejectionNotes(row) : [];
  return (
    <Modal opened={row !== null} onClose={onClose} title={PREVIEW_MODAL_TITLE} size="xl" centered closeButtonProps={{ 'aria-label': 'Close' }} styles={{ title: { fontWeight: 700 } }}>
      {row ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Stack gap="sm">
            <LabelledField label="Template Code">
              <Group gap={4} wrap="nowrap">
                <Text size="sm" ff="monospace" data-testid="preview-template-code" style={{ overflowWrap: 'anywhere' }}>
                  {row.template_code_id}
                </Text>
                <CopyValueButton value={row.template_code_id} label="Copy template code" />
              </Group>
            </LabelledField>
            <LabelledField label="Template Name">{row.template_name}</LabelledField>
            <SimpleGrid cols={2} spacing="sm">
              <LabelledField label="Category">{categoryLabel(row.template_category)}</LabelledField>
              <LabelledField label="Language">{languageName(row.language)}</LabelledField>
            </SimpleGrid>
            <LabelledField label="Status">
              <TemplateStatusBadge status={row.status} label={row.status_label} />
            </LabelledField>
            <LabelledField label="Body">
              <Text size="sm" component="div" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="preview-body-source">
                {row.payload.body.text || '-'}
              </Text>
            </LabelledField>
            {rejected ? (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} title="Rejected notes" styles={{ title: { color: 'var(--mantine-color-red-9)' } }}>
                <Stack gap={4}>
                  {notes.length ? (
                    notes.map((n, i) => (
                      <Text key={i} size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                        {n}
                      </Text>
                    ))
                  ) : (
                    <Text size="sm">No reason was given.</Text>
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
