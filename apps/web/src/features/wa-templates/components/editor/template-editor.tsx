/**
 * The WhatsApp template create/edit form (templates-dashboard-reports.md §2.4, §2.5, §4, §5.3–§5.5,
 * §8; ARCHITECTURE.md §7 deviation 4: one editor with everything either generation had):
 * - title, breadcrumb, 'Save as Draft' and 'Submit' (disabled per formBlockers / canSubmit), the
 *   template's name, category (locked in edit mode), status badge (edit mode) and language, the
 *   Terms Of Use ('Read'), the rejected banner;
 * - header, body, footer and buttons, or the authentication form for AUTHENTICATION;
 * - every broken rule shown on its field once the field is touched (all of them in edit mode), and
 *   listed under the form while Submit is disabled;
 * - the live phone preview (beside the form, below it on narrow screens), rendered after the form;
 * - Submit asks for confirmation (§5.5); success toasts 'Success!' and returns to the list after
 *   1.5 s (an authentication template shows 'Message Template Submitted'); a failure toasts 'Error'
 *   with the server's message and shows a 400's details on their fields;
 * - 'Leave this page?' on unsaved changes.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Group, List, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TemplateRow } from '@pesan/contracts/wa-template-api';
import { WA_TEMPLATE_MESSAGES as M } from '@pesan/contracts/wa-template-messages';
import { TEMPLATE_CATEGORY_OPTIONS, type TemplateCategory } from '@pesan/contracts/wa-template-model';
import { normaliseTemplateStatus, templateStatusLabel } from '@pesan/contracts/wa-template-status';
import { Page } from '../../../../components/page.tsx';
import { toastError, toastSuccess } from '../../../../components/toasts.ts';
import { ApiError } from '../../../../lib/api-client.ts';
import { localizeMessage } from '../../../../lib/i18n.ts';
import { useCreateTemplate } from '../../api/create-template.ts';
import { useUpdateTemplate } from '../../api/update-template.ts';
import { useTemplateApplications } from '../../api/list-template-applications.ts';
import { DEFAULT_SENDER_NAME, PhonePreview, type PhonePreviewContent } from '../phone-preview.tsx';
import { AuthenticationForm } from './auth-form.tsx';
import { BodySection } from './body-section.tsx';
import { ButtonsSection } from './buttons-section.tsx';
import type { EditorBindings } from './editor-bindings.ts';
import { derive, messagesByField, type EditorState, type FieldKey } from './editor-state.ts';
import { FooterSection } from './footer-section.tsx';
import { HeaderSection } from './header-section.tsx';
import { templateLanguageName } from './language-name.ts';
import { RejectedBanner } from './rejected-banner.tsx';
import { SubmitConfirmModal } from './submit-confirm-modal.tsx';
import { SubmittedModal } from './submitted-modal.tsx';
import { TermsOfUseModal } from './terms-of-use-modal.tsx';
import { LeaveDialog, useLeaveGuard } from '../../../../components/leave-guard.tsx';
import { focusFirstInvalid } from '../../../../lib/form-submit.ts';
import { AfterFirstPaint, DeferredSection } from '../../../../components/deferred-section.tsx';
import classes from './editor.module.css';

/** What the preview shows while the form cannot be read as a payload. */
const EMPTY_PREVIEW = { header: { type: 'none' }, body: { text: '' }, footer: { type: 'none' }, button: [] } as const satisfies PhonePreviewContent;

/** Return to the list this long after a successful save (§4, §9). */
export const RETURN_DELAY_MS = 1500;

const STATUS_COLORS: Record<string, string> = { DRAFT: 'gray', PENDING: 'yellow', APPROVED: 'green', REJECTED: 'red', PAUSED: 'orange', DISABLED: 'gray' };

export interface TemplateEditorProps {
  mode: 'create' | 'edit';
  /** The list route of the route family ('/whatsapp-template' or '/new-whatsapp-template'). */
  base: string;
  initial: EditorState;
  /** Edit mode: the stored template. */
  row?: TemplateRow;
}

/** Whether a field's live message shows, given the touched fields. */
function isVisible(key: FieldKey, touched: ReadonlySet<FieldKey>): boolean {
  if (key === 'general' || touched.has(key)) return true;
  if (key.startsWith('body.sample:')) return touched.has('body');
  if (key.startsWith('header.')) return touched.has('header') || (key.startsWith('header.sample:') && touched.has('header.text'));
  if (key === 'buttons') return [...touched].some((k) => k.startsWith('button'));
  if (key.startsWith('button:')) return touched.has(key.split('.')[0]!);
  return false;
}

/** Messages (contract texts or the server's) in the interface language, one per line. */
const joinMessages = (list: string[] | undefined): ReactNode | undefined =>
  list?.length
    ? list.length === 1
      ? localizeMessage(list[0]!)
      : list.map((m) => (
          <span key={m} style={{ display: 'block' }}>
            {localizeMessage(m)}
          </span>
        ))
    : undefined;

export function TemplateEditor({ mode, base, initial, row }: TemplateEditorProps) {
  const { t } = useTranslation('wa-template-editor');
  const navigate = useNavigate();
  const [state, setState] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<FieldKey>>(() => new Set());
  const [showAll] = useState(mode === 'edit');
  const [serverErrors, setServerErrors] = useState<Map<FieldKey, string[]>>(() => new Map());
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const [submittedOpen, setSubmittedOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const create = useCreateTemplate();
  const updateCall = useUpdateTemplate();
  const saving = create.isPending || updateCall.isPending;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const derived = useMemo(() => derive(state), [state]);
  const [snapshot] = useState(() => JSON.stringify(derive(initial).input));
  const dirty = !leaving && JSON.stringify(derived.input) !== snapshot;
  const guard = useLeaveGuard(dirty);
  const live = useMemo(() => messagesByField(state, derived.meta, derived.issues), [state, derived]);
  const auth = state.category === 'AUTHENTICATION';
  const apps = useTemplateApplications();
  const appId = state.applicationId ?? row?.application_id;
  // The application's WhatsApp (masking) sender name, else the placeholder (§2.2).
  const senderName = apps.data?.find((a) => a.id === appId)?.whatsappSenderName || DEFAULT_SENDER_NAME;

  const error = (key: FieldKey): ReactNode | undefined => {
    const list = [...(serverErrors.get(key) ?? []), ...(showAll || isVisible(key, touched) ? (live.get(key) ?? []) : [])];
    return joinMessages([...new Set(list)]);
  };
  const update: EditorBindings['update'] = (fn, ...keys) => {
    setState(fn);
    if (keys.length) {
      setTouched((t) => new Set([...t, ...keys]));
      setServerErrors((m) => {
        if (!keys.some((k) => m.has(k))) return m;
        const next = new Map(m);
        keys.forEach((k) => next.delete(k));
        return next;
      });
    }
  };
  const busy = saving || leaving;
  const bindings: EditorBindings = { state, update, error, payload: derived.payload, disabled: busy };
  const blocked = derived.blockers.length > 0 || derived.schemaErrors.length > 0;
  const submittable = !blocked && derived.issues.length === 0;

  const goToList = () => {
    guard.allow();
    navigate(base);
  };

  const save = async (draft: boolean) => {
    if (draft ? blocked : !submittable) return;
    setServerErrors(new Map());
    try {
      if (mode === 'edit' && row) await updateCall.mutateAsync({ id: row._id, draft, payload: derived.input });
      else await create.mutateAsync({ draft, payload: derived.input });
      setConfirmOpen(false);
      setLeaving(true);
      guard.allow();
      toastSuccess(localizeMessage(draft ? M.drafted : M.created), t('editor.successTitle'));
      if (!draft && auth) setSubmittedOpen(true);
      else timer.current = setTimeout(() => navigate(base), RETURN_DELAY_MS);
    } catch (err) {
      setConfirmOpen(false);
      if (err instanceof ApiError) {
        if (err.details.length) {
          setServerErrors(messagesByField(state, derived.meta, err.details));
          setTouched((t) => new Set([...t, ...messagesByField(state, derived.meta, err.details).keys()]));
          // The server's field messages: the first field in error gets the focus (issue 23 item 17).
          focusFirstInvalid(document.querySelector('main'));
        }
        // 5xx and 401 are announced by the app shell.
        if (err.status < 500 && err.status !== 401) toastError(err.message, t('editor.errorTitle'));
      } else toastError(err instanceof Error ? err.message : t('editor.unknownError'), t('editor.errorTitle'));
    }
  };

  const title = mode === 'edit' ? t('page.titleEdit') : t('page.titleCreate');
  const status = row ? (normaliseTemplateStatus(row.status) ?? row.status) : undefined;
  const checklist = [...new Set([...derived.schemaErrors, ...derived.blockers.map((i) => i.message), ...derived.issues.map((i) => i.message)])];

  return (
    <Page
      title={title}
      breadcrumbs={[{ label: t('page.crumbList'), to: base }, { label: mode === 'edit' ? t('page.crumbEdit') : t('page.crumbCreate') }]}
      actions={
        <>
          <Button variant="default" onClick={() => void save(true)} disabled={blocked || busy} loading={saving && !confirmOpen}>
            {t('editor.saveDraft')}
          </Button>
          <Button onClick={() => setConfirmOpen(true)} disabled={!submittable || busy} aria-describedby={checklist.length ? 'template-checklist' : undefined}>
            {t('editor.submit')}
          </Button>
        </>
      }
    >
      <Stack gap="md">
        {row && status === 'REJECTED' ? <RejectedBanner reason={row.rejection_reason} recommendation={row.recommendation} /> : null}
        {/* The title and actions paint first; the form renders right after (issue 28: LCP, TBT). */}
        <AfterFirstPaint minHeight={600}>
          <div className={classes.layout}>
            <div>
              <Stack gap="md">
                <Paper withBorder radius="md" className={classes.section} component="section" aria-label={t('editor.templateRegion')}>
                  <div className={classes.fields}>
                    <div>
                      <Text size="sm" fw={500}>
                        {t('editor.templateName')}
                      </Text>
                      <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                        {state.name || '—'}
                      </Text>
                      {error('name') ? (
                        <Text size="sm" c="red.8">
                          {error('name')}
                        </Text>
                      ) : null}
                    </div>
                    <div>
                      <Group gap="xs" justify="flex-start">
                        <Text size="sm" fw={500}>
                          {t('editor.language')}
                        </Text>
                        <Badge variant="light" color="blue" tt="none" styles={{ label: { color: 'var(--mantine-color-dark-9)' } }}>
                          {t('editor.languageBadge', { name: templateLanguageName(state.language), code: state.language })}
                        </Badge>
                        {status ? (
                          <Badge variant="light" color={STATUS_COLORS[status] ?? 'gray'} tt="none" styles={{ label: { color: 'var(--mantine-color-dark-9)' } }}>
                            {t(`status.${status}`, { defaultValue: templateStatusLabel(row!.status) })}
                          </Badge>
                        ) : null}
                      </Group>
                    </div>
                    <div>
                      <Select
                        label={t('editor.category')}
                        // Meta's category names stay as they are (Marketing, Utility, Authentication).
                        data={TEMPLATE_CATEGORY_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
                        value={state.category}
                        allowDeselect={false}
                        disabled={mode === 'edit' || busy}
                        description={t(`category.${state.category}`, { defaultValue: TEMPLATE_CATEGORY_OPTIONS.find((o) => o.value === state.category)?.description ?? '' })}
                        inputWrapperOrder={['label', 'input', 'description']}
                        onChange={(v) => v && update((s) => ({ ...s, category: v as TemplateCategory }), 'category')}
                      />
                    </div>
                    <div>
                      <Group gap="xs" wrap="nowrap">
                        <Text size="sm">{t('editor.termsOfUse')}</Text>
                        <Button size="xs" variant="light" onClick={() => setTermsOpen(true)} aria-haspopup="dialog">
                          {t('editor.read')}
                        </Button>
                      </Group>
                    </div>
                  </div>
                </Paper>
                {derived.schemaErrors.length ? (
                  <Alert color="red" variant="light" title={t('editor.unreadable')}>
                    {joinMessages(derived.schemaErrors)}
                  </Alert>
                ) : null}
                {error('general') ? (
                  <Alert color="red" variant="light" role="alert">
                    {error('general')}
                  </Alert>
                ) : null}
                {auth ? (
                  <AuthenticationForm {...bindings} />
                ) : (
                  <>
                    <HeaderSection {...bindings} />
                    <BodySection {...bindings} />
                    {/* Below the fold on a phone: rendered after the first paint (issue 28 TBT). */}
                    <DeferredSection minHeight={260}>
                      <FooterSection {...bindings} />
                      <ButtonsSection {...bindings} />
                    </DeferredSection>
                  </>
                )}
                {checklist.length ? (
                  <Alert
                    // A checklist, not an alert: it changes with every keystroke and must not be announced each time.
                    role="note"
                    aria-labelledby="template-checklist-title"
                    color="blue"
                    variant="light"
                    icon={<IconInfoCircle size={18} aria-hidden />}
                    title={<span id="template-checklist-title">{t('editor.checklistTitle')}</span>}
                    id="template-checklist"
                  >
                    <List size="sm" spacing={2}>
                      {checklist.map((m) => (
                        <List.Item key={m}>{localizeMessage(m)}</List.Item>
                      ))}
                    </List>
                  </Alert>
                ) : null}
              </Stack>
            </div>
            <div>
              <div className={classes.sticky}>
                <Stack gap="xs">
                  <Title order={2} size="h4">
                    {t('editor.preview')}
                  </Title>
                  {/* The preview renders after the form (issue 28 TBT). */}
                  <DeferredSection minHeight={520}>
                    <PhonePreview
                      payload={derived.payload ?? EMPTY_PREVIEW}
                      senderName={senderName}
                      headerMediaUrl={state.media?.url}
                      headerFileName={state.media?.name}
                      label={t('editor.previewLabel')}
                    />
                  </DeferredSection>
                </Stack>
              </div>
            </div>
          </div>
        </AfterFirstPaint>
      </Stack>
      <SubmitConfirmModal opened={confirmOpen} loading={saving} onClose={() => setConfirmOpen(false)} onConfirm={() => void save(false)} />
      <TermsOfUseModal opened={termsOpen} onClose={() => setTermsOpen(false)} authentication={auth} />
      <SubmittedModal opened={submittedOpen} onClose={goToList} />
      <LeaveDialog opened={guard.opened} onStay={guard.stay} onLeave={guard.leave} />
    </Page>
  );
}
