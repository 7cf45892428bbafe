/**
 * The template table (templates-dashboard-reports.md §2.2, §9): a selection checkbox (the header
 * one selects every row of the page), Template Name (the application under it), Date (DD-MM-YYYY
 * with a 12-hour time), Status (badge with its label), Template Code, Notes and Action (the row
 * menu). 10 skeleton rows while the first page loads. It scrolls sideways inside its own focusable
 * region, never the page. (The shared DataTable takes text headers only, hence a table of its own
 * here for the header checkbox.)
 */
import { Checkbox, Skeleton, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TEMPLATE_PAGE_SIZE, type TemplateRow } from '@pesan/contracts/wa-template-api';
import { formatTableDateTime, withTimeZoneNote } from '../../../lib/format.ts';
import { TemplateActionsMenu, type TemplateAction } from './template-actions-menu.tsx';
import { TemplateStatusBadge } from './template-status-badge.tsx';

/** The column headers of §2.2 after the checkbox, in order (Template Name, Date, Status, Template Code, Notes, Action): their catalogue keys under `table.columns`. */
const COLUMN_KEYS = ['templateName', 'date', 'status', 'templateCode', 'notes', 'action'] as const;

export interface TemplateSelection {
  selected: ReadonlySet<string>;
  /** Ticks or clears one row. */
  onToggle: (id: string, on: boolean) => void;
  /** Ticks or clears every row of the page. */
  onToggleAll: (on: boolean) => void;
}

export interface TemplatesTableProps extends TemplateSelection {
  rows: TemplateRow[] | undefined;
  loading: boolean;
  /** Dim the rows while another page loads over them. */
  stale?: boolean;
  onAction: (action: TemplateAction, row: TemplateRow) => void;
}

/** Header checkbox state of a page: all, some or none of its rows ticked. */
export function pageSelection(rows: readonly TemplateRow[] | undefined, selected: ReadonlySet<string>): { all: boolean; some: boolean } {
  const n = (rows ?? []).filter((r) => selected.has(r._id)).length;
  return { all: n > 0 && n === (rows ?? []).length, some: n > 0 && n < (rows ?? []).length };
}

export function TemplatesTable({ rows, loading, stale, selected, onToggle, onToggleAll, onAction }: TemplatesTableProps) {
  const { t } = useTranslation('wa-templates');
  const { all, some } = pageSelection(rows, selected);
  const skeleton = loading && !rows;
  return (
    <Table.ScrollContainer type="native" minWidth={1000} tabIndex={0} role="region" aria-label={t('table.regionLabel')}>
      <Table aria-label={t('table.label')} striped highlightOnHover verticalSpacing="sm" style={{ opacity: stale ? 0.6 : 1 }} aria-busy={skeleton || undefined}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w={44}>
              <Checkbox
                aria-label={t('table.selectPage')}
                checked={all}
                indeterminate={some}
                disabled={!rows || rows.length === 0}
                onChange={(e) => onToggleAll(e.currentTarget.checked)}
              />
            </Table.Th>
            {COLUMN_KEYS.map((c) => (
              <Table.Th key={c} scope="col" style={{ whiteSpace: 'pre' }}>
                {c === 'date' ? withTimeZoneNote(t(`table.columns.${c}`)) : t(`table.columns.${c}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {skeleton
            ? Array.from({ length: TEMPLATE_PAGE_SIZE }, (_, i) => (
                <Table.Tr key={i} data-testid="template-skeleton-row">
                  {['select', ...COLUMN_KEYS].map((c) => (
                    <Table.Td key={c}>
                      <Skeleton height={14} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            : (rows ?? []).map((r) => (
                <Table.Tr key={r._id} data-selected={selected.has(r._id) || undefined}>
                  <Table.Td>
                    <Checkbox aria-label={t('table.selectRow', { name: r.template_name })} checked={selected.has(r._id)} onChange={(e) => onToggle(r._id, e.currentTarget.checked)} />
                  </Table.Td>
                  <Table.Td miw={200} maw={320}>
                    <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {r.template_name}
                    </Text>
                    <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                      {r.application_name}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatTableDateTime(r.created_at)}</Table.Td>
                  <Table.Td>
                    <TemplateStatusBadge status={r.status} label={r.status_label} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                      {r.template_code_id}
                    </Text>
                  </Table.Td>
                  <Table.Td miw={160} maw={300}>
                    <Text size="sm" lineClamp={3} title={r.notes ?? undefined} style={{ overflowWrap: 'anywhere' }} translate="no">
                      {r.notes || '-'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <TemplateActionsMenu row={r} onAction={onAction} />
                  </Table.Td>
                </Table.Tr>
              ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
