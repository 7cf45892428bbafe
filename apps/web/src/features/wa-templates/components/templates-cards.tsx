/**
 * Templates as cards for narrow screens (at 375 px nothing scrolls sideways;
 * templates-dashboard-reports.md §2.2): a 'Select all on this page' box above the cards; each card
 * has its selection box, the name (wrapping) and application, the status badge, the action menu,
 * and Date, Template Code and Notes. 4 skeleton cards while the first page loads.
 */
import { memo } from 'react';
import { Checkbox, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { TemplateRow } from '@pesan/contracts/wa-template-api';
import { useTranslation } from 'react-i18next';
import { formatTableDateTime, withTimeZoneNote } from '../../../lib/format.ts';
import { TemplateActionsMenu, type TemplateAction } from './template-actions-menu.tsx';
import { TemplateStatusBadge } from './template-status-badge.tsx';
import { pageSelection, type TemplatesTableProps } from './templates-table.tsx';
import classes from './templates.module.css';

/** A labelled value of a card; the value is data (names, codes, Meta's notes), kept as written (translate="no"). */
function Field({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  return (
    <div className={classes.minW0}>
      <Text size="xs" c="gray.7">
        {label}
      </Text>
      <Text size="sm" ff={mono ? 'monospace' : undefined} className={classes.wrapAnywhere} translate="no">
        {value}
      </Text>
    </div>
  );
}

/**
 * One template's card; memoised (issue 28: ticking one card or a page re-render leaves the other
 * cards alone; `onToggle` and `onAction` are stable in the list page).
 */
const TemplateCard = memo(function TemplateCard({ r, checked, onToggle, onAction }: { r: TemplateRow; checked: boolean; onToggle: (id: string, on: boolean) => void; onAction: (action: TemplateAction, row: TemplateRow) => void }) {
  const { t } = useTranslation('wa-templates');
  return (
    <li>
      <Paper withBorder radius="md" p="sm" component="article" aria-label={r.template_name}>
        <Stack gap="xs">
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Group gap="xs" wrap="nowrap" align="flex-start" className={classes.minW0}>
              <Checkbox mt={2} aria-label={t('table.selectRow', { name: r.template_name })} checked={checked} onChange={(e) => onToggle(r._id, e.currentTarget.checked)} />
              <div className={classes.minW0}>
                <Text size="sm" fw={600} className={classes.wrapAnywhere}>
                  {r.template_name}
                </Text>
                <Text size="xs" c="gray.7" className={classes.wrapAnywhere}>
                  {r.application_name}
                </Text>
              </div>
            </Group>
            <TemplateActionsMenu row={r} onAction={onAction} />
          </Group>
          <Group gap="xs">
            <TemplateStatusBadge status={r.status} label={r.status_label} />
          </Group>
          <Field label={withTimeZoneNote(t('table.columns.date'))} value={formatTableDateTime(r.created_at)} />
          <Field label={t('table.columns.templateCode')} value={r.template_code_id} mono />
          {r.notes ? <Field label={t('table.columns.notes')} value={r.notes} /> : null}
        </Stack>
      </Paper>
    </li>
  );
});

/** The templates as cards; skeleton cards while the first page loads, nothing when there are no rows. */
export function TemplatesCards({ rows, loading, stale, selected, onToggle, onToggleAll, onAction }: TemplatesTableProps) {
  const { t } = useTranslation('wa-templates');
  if (loading && !rows)
    return (
      <Stack gap="xs" aria-busy>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} height={150} radius="md" data-testid="template-skeleton-card" />
        ))}
      </Stack>
    );
  if (!rows || rows.length === 0) return null;
  const { all, some } = pageSelection(rows, selected);
  return (
    <Stack gap="xs">
      <Checkbox label={t('cards.selectPage')} checked={all} indeterminate={some} onChange={(e) => onToggleAll(e.currentTarget.checked)} />
      <Stack component="ul" gap="xs" aria-label={t('table.label')} className={stale ? `${classes.cardList} ${classes.stale}` : classes.cardList}>
        {rows.map((r) => (
          <TemplateCard key={r._id} r={r} checked={selected.has(r._id)} onToggle={onToggle} onAction={onAction} />
        ))}
      </Stack>
    </Stack>
  );
}
