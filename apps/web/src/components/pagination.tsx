/**
 * List pager (console.md §2 Monitoring range label, §9 "1 margin page and 3 range pages").
 * Shows 'from - to of total' beside Mantine's pager with one boundary page and one sibling on each
 * side of the active page (three range pages).
 */
import { Group, Pagination, Text } from '@mantine/core';

/**
 * Range label of one page: `rangeText(1, 10, 23)` -> '1 - 10 of 23', `rangeText(3, 10, 23)` ->
 * '21 - 23 of 23'; an empty list gives '0 - 0 of 0'. `page` is 1-based, `limit` > 0. A count that
 * stopped at its cap (a search counts up to 10,000) reads '1 - 10 of 10,000+'.
 */
export function rangeText(page: number, limit: number, total: number, capped = false): string {
  if (total <= 0) return '0 - 0 of 0';
  const from = Math.min((page - 1) * limit + 1, total);
  const to = Math.min(page * limit, total);
  return capped ? `${from} - ${to} of ${total.toLocaleString('en')}+` : `${from} - ${to} of ${total}`;
}

export interface AppPaginationProps {
  page: number;
  limit: number;
  total: number;
  /** Page count; derived from total/limit when omitted. */
  pages?: number;
  onChange: (page: number) => void;
  /** Hide the 'from - to of total' label (the application list shows only the pager). */
  hideRange?: boolean;
  /** The total stopped counting at its cap: shown as 'N+'. */
  totalCapped?: boolean;
}

/** Pager with the range label; renders nothing but the label when there is one page or less. */
export function AppPagination({ page, limit, total, pages, onChange, hideRange, totalCapped }: AppPaginationProps) {
  const count = Math.max(1, pages ?? Math.ceil(total / Math.max(1, limit)));
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      {hideRange ? <span /> : <Text size="sm" c="gray.7" data-testid="pager-range">{rangeText(page, limit, total, totalCapped)}</Text>}
      {count > 1 && (
        <Pagination
          total={count}
          value={Math.min(page, count)}
          onChange={onChange}
          boundaries={1}
          siblings={1}
          size="sm"
          aria-label="Pagination"
          getItemProps={(p) => ({ 'aria-label': `Page ${p}`, 'aria-current': p === page ? 'page' : undefined })}
          getControlProps={(control) => ({
            'aria-label': { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' }[control],
          })}
        />
      )}
    </Group>
  );
}
