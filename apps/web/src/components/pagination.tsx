/**
 * List pager (console.md §2 Monitoring range label, §9 "1 margin page and 3 range pages").
 * Shows 'from - to of total' beside Mantine's pager with one boundary page and one sibling on each
 * side of the active page (three range pages).
 */
import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import i18n from '../lib/i18n.ts';
import { formatNumber } from '../lib/format.ts';

/**
 * Range label of one page: `rangeText(1, 10, 23)` -> '1 - 10 of 23', `rangeText(3, 10, 23)` ->
 * '21 - 23 of 23'; an empty list gives '0 - 0 of 0'. `page` is 1-based, `limit` > 0. A count that
 * stopped at its cap (a search counts up to 10,000) reads '1 - 10 of 10,000+'. In the interface
 * language ('1 - 10 dari 10.000+'), numbers through formatNumber.
 */
export function rangeText(page: number, limit: number, total: number, capped = false): string {
  const [from, to] = total <= 0 ? [0, 0] : [Math.min((page - 1) * limit + 1, total), Math.min(page * limit, total)];
  const values = { from: formatNumber(from), to: formatNumber(to), total: formatNumber(Math.max(0, total)) };
  return i18n.t(capped && total > 0 ? 'common:pagination.rangeCapped' : 'common:pagination.range', values);
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
  const { t } = useTranslation('common');
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
          aria-label={t('pagination.label')}
          getItemProps={(p) => ({ 'aria-label': t('pagination.page', { page: p }), 'aria-current': p === page ? 'page' : undefined })}
          getControlProps={(control) => ({
            'aria-label': t(`pagination.${control}`),
          })}
        />
      )}
    </Group>
  );
}
