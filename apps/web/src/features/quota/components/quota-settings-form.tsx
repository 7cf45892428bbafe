/**
 * Quota warning settings of one application (console.md §2 Notification settings, §3 Quota
 * threshold settings, §4 Quota warning, §5 Quota e-mails, §8 Quota save):
 * - the On/Off switch: turning it off saves at once with disable true; turning it on is saved by Save;
 * - recipient e-mails: Enter adds one; an invalid one shows 'Masukkan email yang valid'; at most 5,
 *   and at 5 a notice says the maximum was reached;
 * - per channel (quota type) a tick (the reminder flag), the remaining quota and a threshold input
 *   (digits only, leading zeros stripped, empty = 0; sent only when above 0), enabled only while
 *   ticked; unticking resets it to 0;
 * - Save with the spec's success toast, an error toast on failure;
 * - unsaved changes ask 'Leave this page?' (Stay / Leave) on in-app navigation, browser back and
 *   a change of application, and the browser's own prompt on closing the tab.
 * - a post-paid application (warnings apply to pre-paid ones only, issue 23 item 16) says so above
 *   the form, which is disabled and shows no remaining quota (the server refuses saving with 409).
 * The caller gives the applications to pick from (the applications feature's list), with their
 * billing type.
 */
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { Alert, Badge, Button, Checkbox, CloseButton, Group, Paper, Select, Skeleton, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { LeaveDialog, useLeaveGuard } from '../../../components/leave-guard.tsx';
import {
  MAX_QUOTA_RECIPIENTS,
  QUOTA_MESSAGES,
  QUOTA_TYPE_IDS,
  QUOTA_TYPE_INFO,
  isValidRecipient,
  normaliseThresholdInput,
  type QuotaSettings,
  type QuotaType,
} from '@pesan/contracts/quota';
import { toastApiError, toastError, toastSuccess } from '../../../components/toasts.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatNumber } from '../../../lib/format.ts';
import { localizeMessage } from '../../../lib/i18n.ts';
import { useQuotaSettings } from '../api/get-quota-settings.ts';
import { useUpdateQuotaSettings } from '../api/update-quota-settings.ts';
import { useCan } from '../../../lib/use-can.ts';

export interface QuotaApplicationOption {
  id: string;
  name: string;
  /** Warnings apply to pre-paid applications only (issue 23 item 16): a post-paid one shows the form disabled. */
  billing_type: 'pre-paid' | 'post-paid';
}

type Rows = Record<QuotaType, { reminder: boolean; text: string }>;

interface FormState {
  enabled: boolean;
  recipients: string[];
  rows: Rows;
}

/** A quota type's unit in the current language ('Sessions', 'Messages', 'Second'). */
export const quotaUnitLabel = (t: TFunction, type: QuotaType) => t(`quota:units.${QUOTA_TYPE_INFO[type].unit.toLowerCase()}`);

function fromSettings(s: QuotaSettings): FormState {
  const rows = Object.fromEntries(QUOTA_TYPE_IDS.map((t) => [t, { reminder: false, text: '0' }])) as Rows;
  for (const t of s.thresholds) rows[t.type] = { reminder: t.reminder, text: String(t.threshold) };
  return { enabled: !s.disable, recipients: s.email_recipient, rows };
}

const same = (a: FormState, b: FormState) => JSON.stringify(a) === JSON.stringify(b);

/** The PUT body of a form state (console.md §7: per channel reminder and, when above 0, threshold). */
function toInput(f: FormState, disable: boolean) {
  return {
    disable,
    email_recipient: f.recipients,
    thresholds: QUOTA_TYPE_IDS.map((type) => {
      const value = f.rows[type].reminder ? normaliseThresholdInput(f.rows[type].text).value : 0;
      return value > 0 ? { type, reminder: f.rows[type].reminder, threshold: value } : { type, reminder: f.rows[type].reminder };
    }),
  };
}

function SettingsForm({
  applicationId,
  settings,
  locked,
  onDirtyChange,
}: {
  applicationId: string;
  settings: QuotaSettings;
  /** A post-paid application: every control disabled and no remaining quota shown. */
  locked: boolean;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t } = useTranslation('quota');
  const update = useUpdateQuotaSettings();
  // Roles without quota.settings see the settings read-only (ARCHITECTURE.md §5.1).
  const readOnly = !useCan()('quota.settings');
  const [saved, setSaved] = useState(() => fromSettings(settings));
  const [form, setForm] = useState(saved);
  const [draft, setDraft] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const dirty = !same(form, saved);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const remaining = useMemo(() => new Map(settings.thresholds.map((t) => [t.type, t.remain_quota])), [settings]);
  const full = form.recipients.length >= MAX_QUOTA_RECIPIENTS;
  const off = locked || readOnly || !form.enabled;

  const save = async (state: FormState, disable: boolean) => {
    try {
      const res = await update.mutateAsync({ applicationId, ...toInput(state, disable) });
      const next = fromSettings(res.data);
      setSaved(next);
      setForm(next);
      toastSuccess(res.message ?? QUOTA_MESSAGES.saved);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) toastError(err.message);
      else if (err instanceof ApiError && err.status >= 500) toastError(QUOTA_MESSAGES.saveFailed);
      else toastApiError(err, { fallback: QUOTA_MESSAGES.saveFailed });
    }
  };

  const addRecipient = () => {
    const value = draft.trim().toLowerCase();
    if (!value) return;
    if (!isValidRecipient(value)) return setEmailError(QUOTA_MESSAGES.emailInvalid);
    if (form.recipients.includes(value)) return setEmailError(QUOTA_MESSAGES.duplicateRecipient);
    if (full) return;
    setForm((f) => ({ ...f, recipients: [...f.recipients, value] }));
    setDraft('');
    setEmailError(null);
  };
  const onEmailKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      addRecipient();
    }
  };
  const setRow = (type: QuotaType, row: Partial<Rows[QuotaType]>) => setForm((f) => ({ ...f, rows: { ...f.rows, [type]: { ...f.rows[type], ...row } } }));

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg">
        <Group justify="space-between" wrap="nowrap" gap="md">
          <div>
            <Text fw={600}>{t('settings.warningTitle')}</Text>
            <Text size="sm" c="gray.7">
              {t('settings.warningDescription')}
            </Text>
          </div>
          <Switch
            size="lg"
            onLabel={t('settings.switchOn')}
            offLabel={t('settings.switchOff')}
            aria-label={t('settings.warningTitle')}
            checked={form.enabled}
            disabled={locked || readOnly || update.isPending}
            onChange={(e) => {
              const enabled = e.currentTarget.checked;
              if (enabled) setForm((f) => ({ ...f, enabled: true }));
              // Off saves at once with disable true (console.md §4).
              else void save({ ...form, enabled: false }, true);
            }}
          />
        </Group>
      </Paper>

      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm">
          <Title order={3} size="h5">
            {t('settings.recipientsTitle')}
          </Title>
          <TextInput
            label={t('settings.recipientLabel')}
            description={t('settings.recipientDescription', { max: MAX_QUOTA_RECIPIENTS })}
            placeholder={t('settings.recipientPlaceholder')}
            type="email"
            value={draft}
            disabled={off || full}
            error={emailError ? localizeMessage(emailError) : null}
            onChange={(e) => {
              setDraft(e.currentTarget.value);
              if (emailError) setEmailError(null);
            }}
            onKeyDown={onEmailKey}
          />
          {full ? (
            <Alert color="blue" variant="light" icon={<IconInfoCircle size={16} aria-hidden />} p="xs">
              {localizeMessage(QUOTA_MESSAGES.maxRecipients)}
            </Alert>
          ) : null}
          {form.recipients.length ? (
            <Group gap="xs" aria-label={t('settings.recipientsList')} role="list">
              {form.recipients.map((r) => (
                <Badge
                  key={r}
                  role="listitem"
                  size="lg"
                  variant="light"
                  color="gray"
                  tt="none"
                  fw={500}
                  rightSection={
                    off ? null : (
                      <CloseButton
                        size="xs"
                        aria-label={t('settings.removeRecipient', { email: r })}
                        onClick={() => setForm((f) => ({ ...f, recipients: f.recipients.filter((x) => x !== r) }))}
                      />
                    )
                  }
                >
                  {r}
                </Badge>
              ))}
            </Group>
          ) : (
            <Text size="sm" c="gray.7">
              {t('settings.noRecipients')}
            </Text>
          )}
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="lg">
        <Stack gap="sm">
          <div>
            <Title order={3} size="h5">
              {t('settings.channelsTitle')}
            </Title>
            <Text size="sm" c="gray.7">
              {t('settings.channelsDescription')}
            </Text>
          </div>
          {QUOTA_TYPE_IDS.map((type) => {
            const { label } = QUOTA_TYPE_INFO[type];
            const unit = quotaUnitLabel(t, type);
            const row = form.rows[type];
            return (
              <Group key={type} justify="space-between" gap="sm" py={6} style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
                <Stack gap={2} miw={200} style={{ flex: '1 1 200px' }}>
                  <Checkbox
                    label={label}
                    checked={row.reminder}
                    disabled={off}
                    onChange={(e) => {
                      const reminder = e.currentTarget.checked;
                      // Unticking resets the threshold to 0 (console.md §4).
                      setRow(type, reminder ? { reminder } : { reminder, text: '0' });
                    }}
                  />
                  {locked ? null : (
                    <Text size="xs" c="gray.7" pl={32}>
                      {t('settings.remaining', { amount: formatNumber(remaining.get(type) ?? 0), unit })}
                    </Text>
                  )}
                </Stack>
                <TextInput
                  aria-label={t('settings.thresholdLabel', { channel: label })}
                  placeholder="0"
                  inputMode="numeric"
                  w={170}
                  rightSection={<Text size="xs" c="gray.7">{unit}</Text>}
                  rightSectionWidth={76}
                  value={row.text}
                  disabled={off || !row.reminder}
                  onChange={(e) => setRow(type, { text: normaliseThresholdInput(e.currentTarget.value).text })}
                />
              </Group>
            );
          })}
        </Stack>
      </Paper>

      {readOnly ? null : (
        <Group justify="flex-end">
          <Button onClick={() => void save(form, !form.enabled)} loading={update.isPending} disabled={locked || !dirty}>
            {t('settings.save')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * The notification settings page body: the application picker and the settings of the picked
 * application. `applications` must not be empty (the page shows its own empty state).
 */
export function QuotaSettingsPanel({ applications }: { applications: QuotaApplicationOption[] }) {
  const { t } = useTranslation('quota');
  const [applicationId, setApplicationId] = useState(applications[0]!.id);
  const [dirty, setDirty] = useState(false);
  const [pendingApp, setPendingApp] = useState<string | null>(null);
  const settings = useQuotaSettings(applicationId);
  const guard = useLeaveGuard(dirty);
  const postPaid = applications.find((a) => a.id === applicationId)?.billing_type === 'post-paid';

  const pick = (id: string) => {
    if (id === applicationId) return;
    if (dirty) setPendingApp(id);
    else setApplicationId(id);
  };

  return (
    <Stack gap="lg">
      <Select
        label={t('settings.applicationLabel')}
        data={applications.map((a) => ({ value: a.id, label: a.name }))}
        value={applicationId}
        onChange={(v) => v && pick(v)}
        allowDeselect={false}
        searchable={applications.length > 8}
        maw={420}
      />
      {postPaid ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={16} aria-hidden />} data-testid="quota-post-paid">
          {localizeMessage(QUOTA_MESSAGES.postPaidOnly)}
        </Alert>
      ) : null}
      {settings.isPending ? (
        <Stack gap="md" aria-label={t('settings.loading')}>
          <Skeleton height={72} radius="md" />
          <Skeleton height={140} radius="md" />
          <Skeleton height={320} radius="md" />
        </Stack>
      ) : settings.isError ? (
        <Alert color="red" variant="light" title={t('settings.errorTitle')}>
          {localizeMessage(QUOTA_MESSAGES.loadFailed)}
        </Alert>
      ) : (
        <SettingsForm key={applicationId} applicationId={applicationId} settings={settings.data} locked={postPaid} onDirtyChange={setDirty} />
      )}
      <LeaveDialog
        opened={guard.opened || pendingApp !== null}
        onStay={() => {
          guard.stay();
          setPendingApp(null);
        }}
        onLeave={() => {
          setDirty(false);
          guard.leave();
          if (pendingApp) setApplicationId(pendingApp);
          setPendingApp(null);
        }}
      />
    </Stack>
  );
}
