/**
 * The Whatsapp Template list (templates-dashboard-reports.md §2.2, §4, §7.1, §8, §9), the same for
 * both route families (ARCHITECTURE.md §7 deviation 4; `basePath` is the family the page is shown
 * under, '/whatsapp-template' or '/new-whatsapp-template'):
 * - title 'Whatsapp Template' and 'Add Template' (the New Whatsapp Template modal; Continue opens
 *   `{basePath}/create` with the choice as navigation state);
 * - the filter bar: 'Filters' (statuses and applications, Apply), the date range with presets
 *   ('All Time' = any date), 'Search by template name...' (a leading 0 is sent as 62), and the
 *   removable chips; filter and search changes apply after 500 ms and go back to page 1;
 * - the table (cards below 48em): checkbox, Template Name, Date, Status, Template Code, Notes,
 *   Action (Preview / Edit for Draft or Rejected -> `{basePath}/edit/{id}` with the template as
 *   navigation state / Duplicate / Delete, each change after the spec's confirmation and with its
 *   toast; a failure toasts 'Error!' with the server's message), 10 per page with 'from - to of
 *   total'; the header checkbox selects the page's rows and the bar offers to delete them;
 * - the spec's empty text; 10 skeleton rows while loading; a list that cannot be loaded says so
 *   with 'Try again' (the spec's original stopped silently).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconPlus, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TEMPLATE_PAGE_SIZE, WA_TEMPLATE_API_MESSAGES as M, type TemplateRow } from '@pesan/contracts/wa-template-api';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Page } from '../../../components/page.tsx';
import { AppPagination } from '../../../components/pagination.tsx';
import { toastApiError, toastSuccess } from '../../../components/toasts.ts';
import { localizeMessage } from '../../../lib/i18n.ts';
import { useBulkDeleteTemplates } from '../api/bulk-delete-templates.ts';
import { useDeleteTemplate } from '../api/delete-template.ts';
import { useDuplicateTemplate } from '../api/duplicate-template.ts';
import { useTemplateApplications, useTemplateSenderName } from '../api/list-template-applications.ts';
import { useTemplates } from '../api/list-templates.ts';
import { useTemplateListState } from '../hooks/use-template-list-state.ts';
import { templateFilterChips, type TemplateFilterChip } from '../utils/chips.ts';
import { toTemplateListQuery } from '../utils/criteria.ts';
import { BulkDeleteBar } from './bulk-delete-bar.tsx';
import { useCan } from '../../../lib/use-can.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { NewTemplateModal, type NewTemplateNavigationState } from './new-template-modal.tsx';
import type { TemplateAction } from './template-actions-menu.tsx';
import { FilterChips } from '../../../components/filter-chips.tsx';
import { TemplateFilters } from './template-filters.tsx';
import { TemplatePreviewModal } from './template-preview-modal.tsx';
import { OptionalRangePicker } from '../../../components/optional-range-picker.tsx';
import { TemplatesCards } from './templates-cards.tsx';
import { TemplatesTable } from './templates-table.tsx';
import classes from './templates.module.css';
import { AfterFirstPaint } from '../../../components/deferred-section.tsx';

/** Widths below this show the templates as cards. */
export const TEMPLATES_CARDS_QUERY = '(max-width: 47.99em)';

/** Navigation state the edit route receives (§2.1 "Edit mode receives the template (or its id)"). */
export interface EditTemplateNavigationState {
  template: TemplateRow;
}

type Confirm = { kind: 'duplicate'; row: TemplateRow } | { kind: 'delete'; row: TemplateRow } | { kind: 'bulk'; ids: string[] };

/** A success toast showing the spec's text alone ('Success! Template deleted' carries its own 'Success!'), in the interface language. */
const toastDone = (message: string, id: string) => toastSuccess(localizeMessage(message), '', id);

export interface TemplatesListPageProps {
  /** The route family the list is shown under: '/whatsapp-template' or '/new-whatsapp-template'. */
  basePath: string;
}

export function TemplatesListPage({ basePath }: TemplatesListPageProps) {
  const { t } = useTranslation('wa-templates');
  const manage = useCan()('templates.manage');
  const navigate = useNavigate();
  const apps = useTemplateApplications();
  const { state, dispatch } = useTemplateListState();
  const query = useMemo(() => toTemplateListQuery({ filters: state.applied, range: state.range, page: state.page }), [state.applied, state.range, state.page]);
  const list = useTemplates(query);
  const data = list.data;
  const rows = data?.docs;
  const narrow = useMediaQuery(TEMPLATES_CARDS_QUERY, window.matchMedia?.(TEMPLATES_CARDS_QUERY).matches ?? false, { getInitialValueInEffect: false });

  const names = useMemo(() => new Map((apps.data ?? []).map((a) => [a.id, a.name])), [apps.data]);
  const chips = templateFilterChips(state.pending, state.range, names);

  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const queryKey = JSON.stringify(query);
  // A new page, filter or search starts with nothing selected (the selection is of the page's rows).
  useEffect(() => setSelected(new Set()), [queryKey]);
  const selectedIds = (rows ?? []).filter((r) => selected.has(r._id)).map((r) => r._id);

  // After deletes the page may be past the last one: go to the last page.
  useEffect(() => {
    if (data && data.pages >= 1 && state.page > data.pages) dispatch({ type: 'page', page: data.pages });
  }, [data, state.page, dispatch]);

  const [preview, setPreview] = useState<TemplateRow | null>(null);
  const previewSender = useTemplateSenderName(preview?.application_id, apps.data?.find((a) => a.id === preview?.application_id)?.whatsappSenderName ?? null);
  // The confirmation's subject stays set while the dialog closes, so its text does not change mid-transition.
  const [confirm, setConfirmState] = useState<Confirm | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const setConfirm = (c: Confirm | null) => {
    if (c) setConfirmState(c);
    setConfirmOpen(c !== null);
  };
  const [creating, setCreating] = useState(false);
  const duplicate = useDuplicateTemplate();
  const remove = useDeleteTemplate();
  const bulk = useBulkDeleteTemplates();
  const busy = duplicate.isPending || remove.isPending || bulk.isPending;

  const handleAction = (action: TemplateAction, row: TemplateRow) => {
    if (action === 'preview') setPreview(row);
    else if (action === 'edit') navigate(`${basePath}/edit/${encodeURIComponent(row._id)}`, { state: { template: row } satisfies EditTemplateNavigationState });
    else setConfirm({ kind: action, row });
  };
  // Stable for the memoised cards (issue 28); always runs the latest handler.
  const actionRef = useRef(handleAction);
  useEffect(() => {
    actionRef.current = handleAction;
  });
  const onAction = useCallback((action: TemplateAction, row: TemplateRow) => actionRef.current(action, row), []);
  const onToggle = useCallback(
    (id: string, on: boolean) =>
      setSelected((s) => {
        const next = new Set(s);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );

  const failed = (err: unknown) => {
    setConfirm(null);
    toastApiError(err);
  };
  const runConfirmed = () => {
    if (!confirm || !confirmOpen) return;
    if (confirm.kind === 'duplicate')
      duplicate.mutate(confirm.row._id, {
        onSuccess: () => {
          setConfirm(null);
          toastDone(M.duplicated, 'wa-template-duplicated');
          dispatch({ type: 'page', page: 1 });
        },
        onError: failed,
      });
    else if (confirm.kind === 'delete') {
      const id = confirm.row._id;
      remove.mutate(id, {
        onSuccess: () => {
          setConfirm(null);
          setSelected((s) => new Set([...s].filter((x) => x !== id)));
          toastDone(M.deleted, 'wa-template-deleted');
        },
        onError: failed,
      });
    } else
      bulk.mutate(confirm.ids, {
        onSuccess: () => {
          setConfirm(null);
          setSelected(new Set());
          toastDone(M.deleted, 'wa-template-deleted');
        },
        onError: failed,
      });
  };

  const removeChip = (chip: TemplateFilterChip) => {
    if (chip.type === 'status') dispatch({ type: 'filters', statuses: state.pending.statuses.filter((s) => s !== chip.value), applicationIds: state.pending.applicationIds });
    else if (chip.type === 'application') dispatch({ type: 'filters', statuses: state.pending.statuses, applicationIds: state.pending.applicationIds.filter((id) => id !== chip.value) });
    else dispatch({ type: 'range', range: null });
  };

  const selection = {
    selected,
    onToggle,
    onToggleAll: (on: boolean) => setSelected(on ? new Set((rows ?? []).map((r) => r._id)) : new Set()),
  };
  const loading = list.isPending && !list.isError;
  const filtered = chips.length > 0 || state.applied.search.trim() !== '';
  const confirmRow = confirm && confirm.kind !== 'bulk' ? confirm.row : null;

  return (
    <Page
      title={t('list.title')}
      actions={
        manage ? (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            {t('list.addTemplate')}
          </Button>
        ) : null
      }
    >
      {/* The title paints first; the filters and the list render right after (issue 28: LCP, TBT). */}
      <AfterFirstPaint minHeight={600}>
        <Stack gap="md">
          <Paper withBorder radius="md" className={classes.panel}>
            <Stack gap="sm">
              <Group gap="sm" align="center" wrap="wrap">
                <TemplateFilters
                  applications={apps.data}
                  value={{ statuses: state.pending.statuses, applicationIds: state.pending.applicationIds }}
                  onApply={(v) => dispatch({ type: 'filters', ...v })}
                />
                <OptionalRangePicker label={t('list.dateRange')} emptyText={t('list.allTime')} resettable value={state.range} onChange={(range) => dispatch({ type: 'range', range })} />
                <TextInput
                  aria-label={t('list.searchLabel')}
                  placeholder={t('list.searchPlaceholder')}
                  leftSection={<IconSearch size={16} aria-hidden />}
                  value={state.pending.search}
                  maxLength={512}
                  onChange={(e) => dispatch({ type: 'search', search: e.currentTarget.value })}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') dispatch({ type: 'commit' });
                  }}
                  style={{ flex: '1 1 220px' }}
                />
              </Group>
              <FilterChips chips={chips} onRemove={removeChip} onClearAll={() => dispatch({ type: 'clear' })} />
            </Stack>
          </Paper>

          <Paper withBorder radius="md" className={classes.panel}>
            <Stack gap="sm">
              {manage ? <BulkDeleteBar count={selectedIds.length} onDelete={() => setConfirm({ kind: 'bulk', ids: selectedIds })} onClear={() => setSelected(new Set())} /> : null}
              {narrow ? (
                <TemplatesCards rows={rows} loading={loading} stale={list.isPlaceholderData} onAction={onAction} {...selection} />
              ) : (
                <TemplatesTable rows={rows} loading={loading} stale={list.isPlaceholderData} onAction={onAction} {...selection} />
              )}
              {list.isError && !data ? (
                <EmptyState
                  icon={<IconAlertTriangle size={30} />}
                  title={t('list.loadFailed')}
                  description={list.error.message}
                  action={
                    <Button variant="default" mt="xs" onClick={() => void list.refetch()} loading={list.isFetching}>
                      {t('list.tryAgain')}
                    </Button>
                  }
                />
              ) : rows && rows.length === 0 ? (
                <EmptyState
                  title={t('list.emptyTitle')}
                  description={localizeMessage(M.empty)}
                  action={
                    filtered || !manage ? undefined : (
                      <Button variant="default" mt="xs" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
                        {t('list.addTemplate')}
                      </Button>
                    )
                  }
                />
              ) : null}
              {data ? <AppPagination page={Math.min(state.page, Math.max(1, data.pages))} limit={TEMPLATE_PAGE_SIZE} total={data.total} pages={data.pages} onChange={(page) => dispatch({ type: 'page', page })} /> : null}
            </Stack>
          </Paper>
        </Stack>
      </AfterFirstPaint>

      <TemplatePreviewModal row={preview} senderName={previewSender} onClose={() => setPreview(null)} />

      <ConfirmDialog
        cancelLabel={t('confirm.cancel')}
        closeLabel={t('confirm.close')}
        opened={confirmOpen && confirm?.kind === 'duplicate'}
        title={t('confirm.duplicateTitle')}
        message={localizeMessage(M.duplicateConfirm)}
        confirmLabel={t('confirm.duplicate')}
        busy={duplicate.isPending}
        onConfirm={runConfirmed}
        onClose={() => setConfirm(null)}
      />
      <ConfirmDialog
        cancelLabel={t('confirm.cancel')}
        closeLabel={t('confirm.close')}
        opened={confirmOpen && (confirm?.kind === 'delete' || confirm?.kind === 'bulk')}
        title={confirm?.kind === 'bulk' ? t('confirm.bulkDeleteTitle', { count: confirm.ids.length }) : t('confirm.deleteTitle')}
        message={
          <>
            {confirmRow ? (
              <>
                <strong style={{ overflowWrap: 'anywhere' }}>{confirmRow.template_name}</strong>
                <br />
              </>
            ) : null}
            {localizeMessage(M.deleteConfirm)}
          </>
        }
        confirmLabel={t('confirm.delete')}
        danger
        busy={remove.isPending || bulk.isPending}
        onConfirm={runConfirmed}
        onClose={() => !busy && setConfirm(null)}
      />

      <NewTemplateModal
        opened={creating}
        onClose={() => setCreating(false)}
        applications={apps.data}
        onContinue={(choice: NewTemplateNavigationState) => {
          setCreating(false);
          navigate(`${basePath}/create`, { state: choice });
        }}
      />
    </Page>
  );
}
