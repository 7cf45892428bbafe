/**
 * Webhook section of the application detail page (ARCHITECTURE.md §5, §6.2; issue 9): the endpoint
 * URL (HTTPS; the server's 400 message shows under the field) and its 'Enabled' switch with Save;
 * the `whsec_…` secret shown once after the first save or a rotation; 'Rotate secret' behind a
 * confirmation (the old secret keeps signing for 24 hours); 'Send test event'; the reason and time
 * when Pesan disabled the endpoint; the application's 'Require signed requests' switch for /v1
 * (saved by the caller's `onRequireSignatureChange`, since that is the applications feature's
 * call, which updates the cached application optimistically: the switch flips at once and flips
 * back, with the error toast, when the save fails); and the paginated delivery attempts, each opening a detail drawer with 'Redeliver'.
 */
import { useState, type FormEvent } from 'react';
import { ActionIcon, Alert, Badge, Button, Divider, Group, Modal, Paper, Skeleton, Stack, Switch, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconRefresh, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CONSOLE_MESSAGES } from '@pesan/contracts/console-messages';
import { localizeMessage } from '../../../lib/i18n.ts';
import { SECRET_OVERLAP_HOURS, type WebhookDelivery, type WebhookEndpoint } from '@pesan/contracts/webhooks';
import { AppPagination } from '../../../components/pagination.tsx';
import { toastApiError, toastSuccess } from '../../../components/toasts.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatTableDateTime } from '../../../lib/format.ts';
import { focusFirstInvalid } from '../../../lib/form-submit.ts';
import { useWebhook } from '../api/get-webhook.ts';
import { DELIVERIES_PAGE_SIZE, useWebhookDeliveries } from '../api/list-webhook-deliveries.ts';
import { useRedeliverWebhook } from '../api/redeliver-webhook.ts';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret.ts';
import { useSendTestEvent } from '../api/send-test-event.ts';
import { useUpdateWebhook } from '../api/update-webhook.ts';
import { DeliveriesTable } from './deliveries-table.tsx';
import { DeliveryDrawer } from './delivery-drawer.tsx';
import { SecretAlert } from './secret-alert.tsx';
import { useCan } from '../../../lib/use-can.ts';

/** Marks the empty-URL error in EndpointForm's state. */
const URL_REQUIRED = '\u0000required';

export interface WebhookSectionProps {
  applicationId: string;
  /** The application's 'Require signed requests' setting; the switch is hidden when undefined. */
  requireSignature?: boolean;
  /** Saves 'Require signed requests'; rejects with the API error. */
  onRequireSignatureChange?: (value: boolean) => Promise<unknown>;
}

function EndpointForm({
  applicationId,
  endpoint,
  onSecret,
}: {
  applicationId: string;
  endpoint: WebhookEndpoint;
  onSecret: (secret: string) => void;
}) {
  const { t } = useTranslation('webhooks');
  const update = useUpdateWebhook();
  // Roles without webhooks.manage see the endpoint read-only (ARCHITECTURE.md §5.1).
  const manage = useCan()('webhooks.manage');
  const [url, setUrl] = useState(endpoint.url ?? '');
  // A new endpoint starts enabled; an existing one shows its state.
  const [enabled, setEnabled] = useState(endpoint.url ? endpoint.enabled : true);
  // A server message as given, or URL_REQUIRED (worded at render, so it follows the language).
  const [urlError, setUrlError] = useState<string | null>(null);

  // A saved endpoint keeps Save disabled until its URL or switch changes (issue 23 item 18).
  const unchanged = endpoint.url !== null && url.trim() === endpoint.url && enabled === endpoint.enabled;

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const value = url.trim();
    if (!value) {
      setUrlError(URL_REQUIRED);
      focusFirstInvalid(form);
      return;
    }
    setUrlError(null);
    try {
      const res = await update.mutateAsync({ applicationId, url: value, enabled });
      if (res.data.secret) onSecret(res.data.secret);
      toastSuccess(res.message ?? t('toast.saved'));
    } catch (err) {
      const fieldMessage = err instanceof ApiError ? (err.fieldMessage('url') ?? (err.status === 400 ? err.message : undefined)) : undefined;
      if (fieldMessage) {
        setUrlError(fieldMessage);
        focusFirstInvalid(form);
      } else toastApiError(err);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('endpoint.formLabel')}>
      <Stack gap="sm">
        <TextInput
          label={t('endpoint.urlLabel')}
          description={t('endpoint.urlDescription')}
          placeholder="https://example.com/webhooks/pesan"
          type="url"
          inputMode="url"
          autoComplete="url"
          value={url}
          onChange={(e) => {
            setUrl(e.currentTarget.value);
            if (urlError) setUrlError(null);
          }}
          error={urlError === URL_REQUIRED ? t('endpoint.urlRequired') : urlError}
          required
          readOnly={!manage}
          maw={640}
        />
        <Switch label={t('endpoint.enabledLabel')} description={t('endpoint.enabledDescription')} checked={enabled} disabled={!manage} onChange={(e) => setEnabled(e.currentTarget.checked)} />
        {manage ? (
          <Group>
            <Button type="submit" loading={update.isPending} disabled={unchanged}>
              {t('endpoint.save')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}

export function WebhookSection({ applicationId, requireSignature, onRequireSignatureChange }: WebhookSectionProps) {
  const { t } = useTranslation('webhooks');
  const webhook = useWebhook(applicationId);
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(applicationId, page);
  const rotate = useRotateWebhookSecret();
  const test = useSendTestEvent();
  const redeliver = useRedeliverWebhook();
  const manage = useCan()('webhooks.manage');
  const [secret, setSecret] = useState<string | null>(null);
  const [confirmRotate, setConfirmRotate] = useState(false);
  const [open, setOpen] = useState<WebhookDelivery | null>(null);

  const endpoint = webhook.data;
  const hasEndpoint = Boolean(endpoint?.url);
  const disabledByPesan = endpoint && !endpoint.enabled && endpoint.disabled_reason;

  const doRotate = async () => {
    try {
      const res = await rotate.mutateAsync(applicationId);
      if (res.data.secret) setSecret(res.data.secret);
      setConfirmRotate(false);
      toastSuccess(res.message ?? t('toast.rotated'));
    } catch (err) {
      setConfirmRotate(false);
      toastApiError(err);
    }
  };

  const doTest = async () => {
    try {
      const res = await test.mutateAsync(applicationId);
      setPage(1);
      toastSuccess(res.message ?? t('toast.testSent'));
    } catch (err) {
      toastApiError(err);
    }
  };

  const doRedeliver = async (d: WebhookDelivery) => {
    try {
      const res = await redeliver.mutateAsync({ applicationId, deliveryId: d.id });
      setOpen(null);
      setPage(1);
      toastSuccess(res.message ?? t('toast.redeliveryQueued'));
    } catch (err) {
      toastApiError(err);
    }
  };

  // The switch follows `requireSignature` at once (the caller's update is optimistic and puts the
  // old value back on failure), so it stays usable while the answer is on its way.
  const changeSignature = async (value: boolean) => {
    if (!onRequireSignatureChange) return;
    try {
      await onRequireSignatureChange(value);
      toastSuccess(value ? t('toast.signatureRequired') : t('toast.signatureNotRequired'));
    } catch (err) {
      toastApiError(err);
    }
  };

  const statusBadge = !endpoint ? null : !hasEndpoint ? (
    <Badge color="gray" variant="light" tt="none" radius="sm" styles={{ label: { color: 'var(--mantine-color-dark-7)' } }}>
      {t('section.badge.notSet')}
    </Badge>
  ) : endpoint.enabled ? (
    <Badge color="green" variant="light" tt="none" radius="sm" styles={{ label: { color: 'var(--mantine-color-dark-9)' } }}>
      {t('section.badge.enabled')}
    </Badge>
  ) : (
    <Badge color="red" variant="light" tt="none" radius="sm" styles={{ label: { color: 'var(--mantine-color-dark-9)' } }}>
      {t('section.badge.disabled')}
    </Badge>
  );

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="webhook-title">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4" id="webhook-title">
            {t('section.title')}
          </Title>
          {statusBadge}
        </Group>
        <Text size="sm" c="gray.7">
          {t('section.intro')}
        </Text>

        {disabledByPesan ? (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('section.disabledByPesan')} data-testid="webhook-disabled" styles={{ title: { color: 'var(--mantine-color-dark-9)' } }}>
            <Text size="sm">{endpoint.disabled_reason}</Text>
            {endpoint.disabled_at ? (
              <Text size="sm">{t('section.disabledAt', { time: formatTableDateTime(endpoint.disabled_at) })}</Text>
            ) : null}
            <Text size="sm">{t('section.disabledFix')}</Text>
          </Alert>
        ) : null}

        {secret ? <SecretAlert secret={secret} onDismiss={() => setSecret(null)} /> : null}

        {webhook.isPending ? (
          <Stack gap="sm">
            <Skeleton height={56} maw={640} />
            <Skeleton height={24} width={160} />
            <Skeleton height={36} width={90} />
          </Stack>
        ) : webhook.isError ? (
          <Alert color="red" variant="light" title={localizeMessage(CONSOLE_MESSAGES.errorTitle)}>
            {webhook.error.message}
          </Alert>
        ) : endpoint ? (
          <EndpointForm key={`${endpoint.url ?? ''}:${String(endpoint.enabled)}`} applicationId={applicationId} endpoint={endpoint} onSecret={setSecret} />
        ) : null}

        {hasEndpoint ? (
          <Group gap="sm" wrap="wrap">
            {manage ? (
              <>
                <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => setConfirmRotate(true)}>
                  {t('section.rotateSecret')}
                </Button>
                <Button variant="default" leftSection={<IconSend size={16} aria-hidden />} onClick={doTest} loading={test.isPending} disabled={!endpoint?.enabled}>
                  {t('section.sendTestEvent')}
                </Button>
              </>
            ) : null}
            {endpoint?.previous_secret_expires_at ? (
              <Text size="sm" c="gray.7">
                {t('section.previousSecret', { time: formatTableDateTime(endpoint.previous_secret_expires_at) })}
              </Text>
            ) : null}
          </Group>
        ) : null}

        {requireSignature !== undefined ? (
          <>
            <Divider />
            <Switch
              label={t('section.requireSignature')}
              description={t('section.requireSignatureDescription')}
              checked={requireSignature}
              disabled={!onRequireSignatureChange || !manage}
              onChange={(e) => void changeSignature(e.currentTarget.checked)}
            />
          </>
        ) : null}

        <Divider />
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} size="h5" id="webhook-deliveries-title">
            {t('section.deliveries')}
          </Title>
          <Tooltip label={t('section.refreshDeliveries')} withArrow>
            <ActionIcon
              variant="default"
              size={36}
              aria-label={t('section.refreshDeliveries')}
              onClick={() => void deliveries.refetch()}
              loading={deliveries.isFetching && !deliveries.isPending}
            >
              <IconRefresh size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
        <DeliveriesTable rows={deliveries.data?.data} loading={deliveries.isPending} stale={deliveries.isPlaceholderData} onOpen={setOpen} />
        {deliveries.data && deliveries.data.total > 0 ? (
          <AppPagination page={page} limit={DELIVERIES_PAGE_SIZE} total={deliveries.data.total} pages={deliveries.data.pages} onChange={setPage} />
        ) : null}
      </Stack>

      <Modal
        opened={confirmRotate}
        onClose={() => !rotate.isPending && setConfirmRotate(false)}
        title={t('rotate.title')}
        centered
        closeButtonProps={{ 'aria-label': t('rotate.close') }}
      >
        <Stack gap="lg">
          <Text size="sm">{t('rotate.text', { hours: SECRET_OVERLAP_HOURS })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmRotate(false)} disabled={rotate.isPending}>
              {t('rotate.cancel')}
            </Button>
            <Button onClick={doRotate} loading={rotate.isPending}>
              {t('rotate.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <DeliveryDrawer delivery={open} onClose={() => setOpen(null)} onRedeliver={manage ? doRedeliver : undefined} redelivering={redeliver.isPending} />
    </Paper>
  );
}
