/**
 * The Audit Log page (ARCHITECTURE.md §5.1; owners and admins): filters by member, action (several)
 * and date range (the last 7 days by default), kept in the URL; a paged table; an empty state; and
 * Export CSV with the same filters. Other roles see why they cannot read it.
 */
import { Alert, Button, Group, MultiSelect, Select, Stack } from '@mantine/core';
import { IconDownload, IconFilterOff, IconListSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { can, type Role } from '@pesan/contracts/roles';
import { AUDIT_ACTIONS, AUDIT_RETENTION_DAYS, type AuditAction } from '@pesan/contracts/teams';
import { DateRangePicker } from '../../../components/date-range-picker.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { AppPagination } from '../../../components/pagination.tsx';
import { toastApiError, toastSuccess } from '../../../components/toasts.ts';
import { useDownloadAuditLog } from '../api/download-audit-log.ts';
import { useActors } from '../api/list-actors.ts';
import { AUDIT_PAGE_SIZE, useAuditLog } from '../api/list-audit-log.ts';
import { useAuditParams } from '../hooks/use-audit-params.ts';
import { AuditLogTable } from './audit-log-table.tsx';

export function AuditLogView({ role }: { role: Role | null }) {
  const { t } = useTranslation('audit-log');
  const allowed = can(role, 'audit.read');
  const { filters, page, setActor, setActions, setRange, setPage, clear } = useAuditParams();
  const list = useAuditLog(filters, page, allowed);
  const actors = useActors(allowed);
  const download = useDownloadAuditLog();

  if (!allowed)
    return (
      <Stack gap="lg">
        <PageHeader title={t('page.title')} />
        <Alert color="gray" variant="light">
          {t('page.forbidden')}
        </Alert>
      </Stack>
    );

  const rows = list.data?.data;
  const actorOptions = (actors.data ?? []).map((a) => ({ value: a.user_id, label: a.full_name ? `${a.full_name} (${a.email})` : a.email }));
  // A member id in the URL that is no longer a member still filters; show it as its id.
  if (filters.actorId && actors.data && !actorOptions.some((o) => o.value === filters.actorId)) actorOptions.push({ value: filters.actorId, label: filters.actorId });

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('page.title')}
        description={t('page.description', { days: AUDIT_RETENTION_DAYS })}
        actions={
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={download.isPending}
            aria-label={t('filters.exportLabel')}
            onClick={() =>
              download.mutate(filters, {
                onSuccess: () => toastSuccess(t('exported')),
                onError: (err) => toastApiError(err),
              })
            }
          >
            {t('filters.export')}
          </Button>
        }
      />
      <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label={t('filters.label')}>
        <Select
          label={t('filters.actor')}
          placeholder={t('filters.actorPlaceholder')}
          data={actorOptions}
          value={filters.actorId}
          onChange={(v) => setActor(v)}
          clearable
          searchable
          nothingFoundMessage={t('filters.nothingFound')}
          w={{ base: '100%', sm: 260 }}
          comboboxProps={{ withinPortal: true }}
        />
        <MultiSelect
          label={t('filters.action')}
          placeholder={filters.actions.length ? undefined : t('filters.actionPlaceholder')}
          data={AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`actions.${a}`) }))}
          value={filters.actions}
          onChange={(v) => setActions(v as AuditAction[])}
          clearable
          searchable
          nothingFoundMessage={t('filters.nothingFound')}
          w={{ base: '100%', sm: 340 }}
          maxDropdownHeight={320}
          comboboxProps={{ withinPortal: true }}
        />
        <DateRangePicker value={[filters.start, filters.end]} onChange={setRange} label={t('filters.dateRange')} />
        {filters.actorId || filters.actions.length ? (
          <Button variant="default" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={clear}>
            {t('filters.clear')}
          </Button>
        ) : null}
      </Group>
      {list.isError ? (
        <Alert color="red" variant="light" title={t('table.loadFailed')}>
          <Button size="xs" variant="outline" color="red.9" onClick={() => void list.refetch()}>
            {t('table.retry')}
          </Button>
        </Alert>
      ) : rows && rows.length === 0 ? (
        <EmptyState icon={<IconListSearch size={32} />} title={t('table.emptyTitle')} description={t('table.emptyHint')} />
      ) : (
        <>
          <AuditLogTable rows={rows} loading={list.isPending} stale={list.isPlaceholderData} />
          {list.data ? <AppPagination page={page} limit={AUDIT_PAGE_SIZE} total={list.data.total} pages={list.data.pages} onChange={setPage} /> : null}
        </>
      )}
    </Stack>
  );
}
