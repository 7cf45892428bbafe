/**
 * The console's list table: a horizontally scrolling, focusable region (the page itself never
 * scrolls sideways) holding a striped table with a header row of `columns`, `skeletonRows` rows of
 * skeletons while the first page loads, then `renderRow` of each row (which returns its
 * `<Table.Tr key=…>`). Dimmed while another page loads over the rows (`stale`). Used by Monitoring,
 * webhook deliveries and reports.
 */
import type { KeyboardEvent, ReactNode } from 'react';
import { Skeleton, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface DataTableProps<T> {
  /** Accessible name of the table; the scrolling region is '<label> table'. */
  label: string;
  columns: readonly string[];
  rows: T[] | undefined;
  loading: boolean;
  stale?: boolean;
  /** Width (px) below which the table scrolls inside its region. */
  minWidth: number;
  skeletonRows: number;
  /** data-testid of each skeleton row. */
  skeletonTestId?: string;
  highlightOnHover?: boolean;
  /** Compact rows in small type (a table inside a drawer). */
  compact?: boolean;
  renderRow: (row: T) => ReactNode;
}

export function DataTable<T>({ label, columns, rows, loading, stale, minWidth, skeletonRows, skeletonTestId, highlightOnHover, compact, renderRow }: DataTableProps<T>) {
  const { t } = useTranslation('common');
  return (
    <Table.ScrollContainer type="native" minWidth={minWidth} tabIndex={0} role="region" aria-label={t('dataTable.region', { label })}>
      <Table aria-label={label} striped highlightOnHover={highlightOnHover} verticalSpacing={compact ? 'xs' : 'sm'} fz={compact ? 'sm' : undefined} style={{ opacity: stale ? 0.6 : 1 }} aria-busy={loading || undefined}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              // 'pre': a header never wraps, except at its own line break (a time column's zone note, lib/format.ts withTimeZoneNote).
              <Table.Th key={c} scope="col" style={{ whiteSpace: 'pre' }}>
                {c}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading && !rows
            ? Array.from({ length: skeletonRows }, (_, i) => (
                <Table.Tr key={i} data-testid={skeletonTestId}>
                  {columns.map((c) => (
                    <Table.Td key={c}>
                      <Skeleton height={14} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            : (rows ?? []).map(renderRow)}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Props that make a table row open something on click, Enter or Space, with `label` as its name. */
export function openableRowProps(label: string, open: () => void) {
  return {
    tabIndex: 0,
    'aria-label': label,
    style: { cursor: 'pointer' },
    onClick: open,
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        open();
      }
    },
  };
}
