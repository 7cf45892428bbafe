/**
 * The Generate Report page (templates-dashboard-reports.md §2.7, §2.8, §4, §7.3, §8, §9): title,
 * subtitle, 'Refresh' and '+ Generate New Report'; the filter bar ('Filters' with 'Application
 * Name' and 'Status', the date range with 'All Time' and its reset icon, 'Search by report
 * title...') and the removable chips; 'Total : N', the report table (cards on a phone) and the
 * pager. Filter and search changes apply after 500 ms and any change goes back to page 1; with no
 * application picked every application of the organization is asked for, and nothing is asked
 * before there is one. Rows being made show their progress and the page polls until they are done.
 * The pop-up opens on arrival when the address asks for it (`?create=1&…`, Monitoring's Export) and
 * is prefilled from it; those parameters then leave the address so a reload does not reopen it.
 * A failed application list toasts (§8); a failed report list shows its message with 'Try again'.
 */
import { useEffect, useMemo, useState } from 'react';
import { Anchor, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconApps, IconRefresh, IconSearch } from '@tabler/icons-react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { REPORT_MESSAGES, REPORT_NAME_MAX, REPORT_PAGE_SIZE } from '@pesan/contracts/reports';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Page } from '../../../components/page.tsx';
import { AppPagination } from '../../../components/pagination.tsx';
import { toastApiError } from '../../../components/toasts.ts';
import { localizeMessage } from '../../../lib/i18n.ts';
import { useReportApplications } from '../api/list-report-applications.ts';
import { useReports } from '../api/list-reports.ts';
import { useReportListState } from '../hooks/use-report-list-state.ts';
import { filterChips, type FilterChip } from '../utils/chips.ts';
import { canListReports, toListCriteria } from '../utils/criteria.ts';
import { formatCount } from '../utils/format.ts';
import type { GenerateFormValues } from '../utils/generate-form.ts';
import { hasPrefillParams, parseCreatePrefill, PREFILL_PARAMS } from '../utils/prefill.ts';
import { FilterChips } from '../../../components/filter-chips.tsx';
import { FiltersMenu } from './filters-menu.tsx';
import { GenerateReportModal } from './generate-report-modal.tsx';
import { OptionalRangePicker } from '../../../components/optional-range-picker.tsx';
import { ReportsTable } from './reports-table.tsx';

/** The whole page under the console shell (see the module comment). */
export function GenerateReportView() {
  const { t } = useTranslation('reports');
  const apps = useReportApplications();
  const { state, dispatch } = useReportListState();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const [modal, setModal] = useState<{ opened: boolean; initial: Partial<GenerateFormValues> }>(() => {
    const prefill = parseCreatePrefill(params, location.state);
    return { opened: prefill.open, initial: prefill.open ? prefill.values : {} };
  });

  // The prefill parameters served once: drop them (and the navigation state) from this history entry.
  useEffect(() => {
    if (!hasPrefillParams(params) && !(location.state as { openCreate?: unknown } | null)?.openCreate) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const p of PREFILL_PARAMS) next.delete(p);
        return next;
      },
      { replace: true, state: null },
    );
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (apps.error) toastApiError(apps.error);
  }, [apps.error, apps.errorUpdatedAt]);

  const list = apps.data;
  const names = useMemo(() => new Map((list ?? []).map((a) => [a.id, a.name])), [list]);
  const allIds = useMemo(() => (list ?? []).map((a) => a.id), [list]);
  const criteria = useMemo(
    () => toListCriteria({ filters: state.applied, range: state.range, page: state.page, allApplicationIds: allIds }),
    [state.applied, state.range, state.page, allIds],
  );
  const reports = useReports(criteria, canListReports(criteria));
  const data = reports.data;
  const chips = filterChips(state.pending, state.range, names);
  const noApps = list !== undefined && list.length === 0;

  const removeChip = (chip: FilterChip) => {
    if (chip.type === 'application') dispatch({ type: 'applications', ids: state.pending.applicationIds.filter((id) => id !== chip.value) });
    else if (chip.type === 'status') dispatch({ type: 'statuses', statuses: state.pending.statuses.filter((s) => s !== chip.value) });
    else dispatch({ type: 'range', range: null });
  };
  const [refreshing, setRefreshing] = useState(false);
  const openCreate = () => setModal({ opened: true, initial: {} });

  return (
    <Page
      title={localizeMessage(REPORT_MESSAGES.title)}
      description={localizeMessage(REPORT_MESSAGES.subtitle)}
      actions={
        <>
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={refreshing}
            onClick={() => {
              setRefreshing(true);
              void Promise.allSettled([apps.refetch(), ...(canListReports(criteria) ? [reports.refetch()] : [])]).finally(() => setRefreshing(false));
            }}
          >
            {t('page.refresh')}
          </Button>
          <Button onClick={openCreate}>{t('page.generateNew')}</Button>
        </>
      }
    >
      <Stack gap="md">
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <Stack gap="sm">
            <Group gap="sm" align="center" wrap="wrap">
              <FiltersMenu
                applications={list ?? []}
                value={{ applicationIds: state.pending.applicationIds, statuses: state.pending.statuses }}
                onApply={(v) => {
                  dispatch({ type: 'applications', ids: v.applicationIds });
                  dispatch({ type: 'statuses', statuses: v.statuses });
                }}
              />
              <OptionalRangePicker label={t('page.dateRange')} emptyText={t('page.allTime')} resettable value={state.range} onChange={(range) => dispatch({ type: 'range', range })} />
              <TextInput
                aria-label={t('page.searchLabel')}
                placeholder={t('page.searchPlaceholder')}
                leftSection={<IconSearch size={16} aria-hidden />}
                value={state.pending.search}
                maxLength={REPORT_NAME_MAX}
                onChange={(e) => dispatch({ type: 'search', search: e.currentTarget.value })}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') dispatch({ type: 'commit' });
                }}
                style={{ flex: '1 1 240px' }}
              />
            </Group>
            <FilterChips chips={chips} onRemove={removeChip} onClearAll={() => dispatch({ type: 'clear' })} />
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          {noApps ? (
            <EmptyState
              icon={<IconApps size={30} />}
              title={t('page.noAppsTitle')}
              description={t('page.noAppsHint')}
              action={
                <Anchor component={Link} to="/my-application/create-application" fw={600}>
                  {t('page.createApplication')}
                </Anchor>
              }
            />
          ) : (
            <Stack gap="sm">
              <Text size="sm" fw={600} aria-live="polite" data-testid="reports-total">
                {t('page.total', { total: data ? formatCount(data.total) : '…' })}
              </Text>
              <ReportsTable
                rows={data?.data}
                loading={(reports.isPending || apps.isPending) && !reports.isError && !apps.isError}
                stale={reports.isPlaceholderData}
                error={
                  (reports.isError && !data) || (apps.isError && !list) ? (
                    <EmptyState
                      icon={<IconAlertTriangle size={30} />}
                      title={t('page.loadFailed')}
                      description={(reports.error ?? apps.error)?.message}
                      action={
                        <Button
                          variant="default"
                          mt="xs"
                          onClick={() => void (apps.isError ? apps.refetch() : reports.refetch())}
                          loading={reports.isFetching || apps.isFetching}
                        >
                          {t('page.tryAgain')}
                        </Button>
                      }
                    />
                  ) : undefined
                }
              />
              {data ? (
                <AppPagination
                  page={state.page}
                  limit={REPORT_PAGE_SIZE}
                  total={data.total}
                  pages={data.pages}
                  onChange={(page) => dispatch({ type: 'page', page })}
                />
              ) : null}
            </Stack>
          )}
        </Paper>
      </Stack>

      <GenerateReportModal
        opened={modal.opened}
        onClose={() => setModal((m) => ({ ...m, opened: false }))}
        applications={list}
        initial={modal.initial}
        onGenerated={() => dispatch({ type: 'page', page: 1 })}
      />
    </Page>
  );
}
