/**
 * The template create/edit page of both route families (templates-dashboard-reports.md §2.1;
 * ARCHITECTURE.md §7 deviation 4): `/whatsapp-template/create`, `/whatsapp-template/edit/{id}`,
 * `/new-whatsapp-template/create`, `/new-whatsapp-template/edit/{id}`.
 * - Create mode takes the New Whatsapp Template modal's choice from the navigation state
 *   ({template_name, template_category, language, application_id}); without it, back to the list.
 * - Edit mode loads the template by id: a template not in Draft or Rejected goes to the create
 *   route; a failed load toasts the error and goes to the create route (§8); an unknown id shows
 *   'Template not found'.
 */
import { useEffect } from 'react';
import { Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { WA_TEMPLATE_API_MESSAGES } from '@pesan/contracts/wa-template-api';
import { TEMPLATE_CATEGORIES, type TemplateCategory } from '@pesan/contracts/wa-template-model';
import { isTemplateEditable } from '@pesan/contracts/wa-template-status';
import { Page } from '../../../../components/page.tsx';
import { toastApiError, toastWarning } from '../../../../components/toasts.ts';
import { ApiError } from '../../../../lib/api-client.ts';
import { localizeMessage } from '../../../../lib/i18n.ts';
import { useTemplate } from '../../api/get-template.ts';
import { emptyState, fromPayload } from './editor-state.ts';
import { TemplateEditor } from './template-editor.tsx';

/** The navigation state of the create route (§2.1, §2.3): what the New Whatsapp Template modal chose. */
export interface TemplateCreateState {
  template_name: string;
  template_category: TemplateCategory;
  language: string;
  application_id: string;
}

/** The create state in `value`, or null when it is missing or incomplete. */
export function readCreateState(value: unknown): TemplateCreateState | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const category = typeof v.template_category === 'string' ? v.template_category.toUpperCase() : '';
  if (typeof v.template_name !== 'string' || !v.template_name.trim()) return null;
  if (!(TEMPLATE_CATEGORIES as readonly string[]).includes(category)) return null;
  if (typeof v.language !== 'string' || !v.language) return null;
  if (typeof v.application_id !== 'string' || !v.application_id) return null;
  return { template_name: v.template_name, template_category: category as TemplateCategory, language: v.language, application_id: v.application_id };
}

/** The list route of the family the address belongs to. */
export function familyBase(pathname: string): string {
  return pathname.startsWith('/new-whatsapp-template') ? '/new-whatsapp-template' : '/whatsapp-template';
}

function CreateMode({ base }: { base: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const init = readCreateState(location.state);
  useEffect(() => {
    if (!init) navigate(base, { replace: true });
  }, [init, base, navigate]);
  if (!init) return null;
  return (
    <TemplateEditor
      key={location.key}
      mode="create"
      base={base}
      initial={emptyState({ name: init.template_name, category: init.template_category, language: init.language, applicationId: init.application_id })}
    />
  );
}

function EditMode({ id, base }: { id: string; base: string }) {
  const { t } = useTranslation('wa-template-editor');
  const navigate = useNavigate();
  const q = useTemplate(id);
  const notFound = q.error instanceof ApiError && q.error.status === 404;
  const editable = q.data ? isTemplateEditable(q.data.status) : true;
  useEffect(() => {
    if (q.error && !notFound) {
      toastApiError(q.error);
      navigate(`${base}/create`, { replace: true });
    }
  }, [q.error, notFound, base, navigate]);
  useEffect(() => {
    if (q.data && !editable) {
      toastWarning(localizeMessage(WA_TEMPLATE_API_MESSAGES.notEditable), t('page.warningTitle'));
      navigate(`${base}/create`, { replace: true });
    }
  }, [q.data, editable, base, navigate, t]);
  const crumbs = [{ label: t('page.crumbList'), to: base }, { label: t('page.crumbEdit') }];
  if (notFound)
    return (
      <Page title={t('page.titleEdit')} breadcrumbs={crumbs}>
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="sm">
            <Text fw={600} size="lg" role="status">
              {localizeMessage(WA_TEMPLATE_API_MESSAGES.notFound)}
            </Text>
            <Text size="sm" c="gray.7" ta="center">
              {t('page.notFoundHint')}
            </Text>
            <Button component={Link} to={base}>
              {t('page.backToList')}
            </Button>
          </Stack>
        </Paper>
      </Page>
    );
  if (!q.data || !editable)
    return (
      <Page title={t('page.titleEdit')} breadcrumbs={crumbs}>
        <Stack gap="md" aria-label={t('page.loading')} aria-busy="true">
          <Skeleton height={90} radius="md" />
          <Skeleton height={160} radius="md" />
          <Skeleton height={220} radius="md" />
        </Stack>
      </Page>
    );
  const row = q.data;
  const initial = fromPayload(row.payload);
  initial.applicationId = row.payload.application_id ?? row.application_id;
  initial.templateCodeId = row.payload.template_code_id ?? row.template_code_id;
  return <TemplateEditor key={`${row._id}-${row.updated_at}`} mode="edit" base={base} initial={initial} row={row} />;
}

/** Create or edit, by the address (`…/edit/{id}` is edit mode). */
export default function TemplateEditorPage() {
  const location = useLocation();
  const params = useParams();
  const base = familyBase(location.pathname);
  const raw = params.id ?? /\/edit\/([^/?#]+)/.exec(location.pathname)?.[1];
  if (raw) return <EditMode key={raw} id={decodeURIComponent(raw)} base={base} />;
  return <CreateMode base={base} />;
}
