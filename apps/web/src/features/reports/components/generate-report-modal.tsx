/**
 * The Generate Report pop-up (templates-dashboard-reports.md §2.8, §3 Report generation request,
 * §5.6, §8, §9): Report Name (sanitised while typing as a template name, at most 512 characters
 * with a counter), Application (the API needs it; the first application unless prefilled),
 * Channel (six; changing it clears the statuses), Status (the channel's statuses with 'All',
 * which sends an empty list), Type (.CSV / .XLS) and the date range (1–31 days). Submitting with
 * gaps shows the spec's messages under the fields; the server's field messages show there too (a
 * 400, or the 422 of a range older than the kept messages, under the date).
 * Success toasts 'Success! A new report has been generated!', refreshes the list and closes (the
 * form starts empty the next time); another failure toasts 'Error!' with the server's message.
 */
import { useEffect, type ReactNode } from 'react';
import { Button, Group, Input, Modal, MultiSelect, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { ChannelId } from '@pesan/contracts/channels';
import {
  REPORT_CHANNEL_OPTIONS,
  REPORT_MESSAGES,
  REPORT_NAME_MAX,
  REPORT_STATUSES_BY_CHANNEL,
  REPORT_TYPES,
  REPORT_TYPE_LABELS,
  type ReportRow,
  type ReportType,
} from '@pesan/contracts/reports';
import { statusLabel } from '@pesan/contracts/statuses';
import { toastApiError, toastSuccess } from '../../../components/toasts.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { localizeMessage } from '../../../lib/i18n.ts';
import { useGenerateReport } from '../api/generate-report.ts';
import type { ReportApplication } from '../api/list-report-applications.ts';
import {
  APPLICATION_REQUIRED,
  EMPTY_GENERATE_FORM,
  STATUS_ALL,
  liveReportName,
  nextStatusSelection,
  serverFieldErrors,
  toGenerateInput,
  validateGenerateForm,
  type GenerateFormValues,
} from '../utils/generate-form.ts';
import { OptionalRangePicker } from '../../../components/optional-range-picker.tsx';
import { submitForm } from '../../../lib/form-submit.ts';

export interface GenerateReportModalProps {
  opened: boolean;
  onClose: () => void;
  /** The organization's applications (undefined while they load). */
  applications: readonly ReportApplication[] | undefined;
  /** Values the form starts with (a prefill from the address). */
  initial?: Partial<GenerateFormValues>;
  /** After the report was created (the modal closes itself). */
  onGenerated?: (row: ReportRow) => void;
}

/** Status options of a channel: 'All' first, then its statuses (labels in the current language). */
export const statusOptions = (t: TFunction<'reports'>, channel: ChannelId | null) =>
  channel
    ? [
        { value: STATUS_ALL, label: t('modal.all') },
        ...REPORT_STATUSES_BY_CHANNEL[channel].map((s) => ({ value: s, label: t(`status.${s}`, { defaultValue: statusLabel(s) }) })),
      ]
    : [];

/**
 * A field message in the current language, worded at render time so it follows a language change:
 * ours (Application) from the catalogue, the spec's through localizeMessage; the server's come
 * in the user's language already (localizeMessage leaves text it does not know unchanged).
 */
const fieldMessage = (t: TFunction<'reports'>, message: ReactNode): ReactNode =>
  typeof message !== 'string' || !message ? message : message === APPLICATION_REQUIRED ? t('modal.applicationRequired') : localizeMessage(message);

function GenerateReportForm({ applications, initial, onGenerated, onClose }: Omit<GenerateReportModalProps, 'opened'>) {
  const { t } = useTranslation('reports');
  const generate = useGenerateReport();
  const form = useForm<GenerateFormValues>({
    mode: 'controlled',
    initialValues: { ...EMPTY_GENERATE_FORM, ...initial },
    validate: validateGenerateForm,
  });
  const { values } = form;

  // The first application unless one was asked for; an unknown one is dropped.
  useEffect(() => {
    if (!applications) return;
    const current = form.getValues().application_id;
    if (current && !applications.some((a) => a.id === current)) form.setFieldValue('application_id', null);
    else if (!current && !initial?.application_id && applications[0]) form.setFieldValue('application_id', applications[0].id);
  }, [applications]);

  const submit = submitForm(form, async (v) => {
    try {
      const row = await generate.mutateAsync(toGenerateInput(v));
      toastSuccess(localizeMessage(REPORT_MESSAGES.generated), undefined, 'report-generated');
      onGenerated?.(row);
      onClose();
    } catch (err) {
      if (err instanceof ApiError) {
        const fields = serverFieldErrors(err);
        if (Object.keys(fields).length > 0) {
          form.setErrors(fields);
          return;
        }
      }
      toastApiError(err);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('modal.reportName')}
          placeholder={t('modal.reportNamePlaceholder')}
          withAsterisk
          data-autofocus
          maxLength={REPORT_NAME_MAX}
          value={values.title}
          onChange={(e) => form.setFieldValue('title', liveReportName(e.currentTarget.value))}
          error={fieldMessage(t, form.errors.title)}
          description={`${values.title.length}/${REPORT_NAME_MAX}`}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label={t('modal.application')}
            placeholder={applications ? t('modal.pickApplication') : t('modal.loading')}
            withAsterisk
            data={(applications ?? []).map((a) => ({ value: a.id, label: a.name }))}
            value={values.application_id}
            onChange={(v) => form.setFieldValue('application_id', v)}
            error={fieldMessage(t, form.errors.application_id)}
            searchable={(applications?.length ?? 0) > 8}
            nothingFoundMessage={t('modal.noApplicationFound')}
            allowDeselect={false}
          />
          <Select
            label={t('modal.channel')}
            placeholder={t('modal.pickChannel')}
            withAsterisk
            data={REPORT_CHANNEL_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
            value={values.channel}
            onChange={(v) => {
              if (v === values.channel) return;
              form.setValues({ channel: v as ChannelId | null, status: [] });
              form.clearFieldError('channel');
            }}
            error={fieldMessage(t, form.errors.channel)}
            allowDeselect={false}
          />
          <MultiSelect
            label={t('modal.status')}
            placeholder={values.channel ? (values.status.length ? undefined : t('modal.pickStatuses')) : t('modal.pickChannelFirst')}
            withAsterisk
            data={statusOptions(t, values.channel)}
            value={values.status}
            onChange={(next) => form.setFieldValue('status', nextStatusSelection(values.status, next))}
            error={fieldMessage(t, form.errors.status)}
            disabled={!values.channel}
            clearable
            clearButtonProps={{ 'aria-label': t('modal.clearStatuses') }}
          />
          <Select
            label={t('modal.type')}
            placeholder={t('modal.pickType')}
            withAsterisk
            data={REPORT_TYPES.map((t) => ({ value: t, label: REPORT_TYPE_LABELS[t] }))}
            value={values.type}
            onChange={(v) => form.setFieldValue('type', v as ReportType | null)}
            error={fieldMessage(t, form.errors.type)}
            allowDeselect={false}
          />
        </SimpleGrid>
        <Input.Wrapper id="generate-report-range" label={t('modal.date')} withAsterisk error={fieldMessage(t, form.errors.range)} description={t('modal.dateHint')} inputWrapperOrder={['label', 'input', 'description', 'error']}>
          <div>
            <OptionalRangePicker
              id="generate-report-range"
              label={t('modal.date')}
              emptyText={t('modal.datePlaceholder')}
              value={values.range}
              onChange={(range) => form.setFieldValue('range', range)}
              describedBy={`generate-report-range-description${form.errors.range ? ' generate-report-range-error' : ''}`}
              invalid={Boolean(form.errors.range)}
              fullWidth
            />
          </div>
        </Input.Wrapper>
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose} disabled={generate.isPending}>
            {t('modal.cancel')}
          </Button>
          <Button type="submit" loading={generate.isPending}>
            {t('modal.generate')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The pop-up; its form is new each time it opens. */
export function GenerateReportModal({ opened, onClose, ...rest }: GenerateReportModalProps) {
  const { t } = useTranslation('reports');
  return (
    <Modal opened={opened} onClose={onClose} title={t('modal.title')} size="lg" closeButtonProps={{ 'aria-label': t('modal.close') }} styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}>
      <GenerateReportForm onClose={onClose} {...rest} />
    </Modal>
  );
}
