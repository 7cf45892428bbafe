/**
 * The Generate Report pop-up (templates-dashboard-reports.md §2.8, §3 Report generation request,
 * §5.6, §8, §9): Report Name (sanitised while typing as a template name, at most 512 characters
 * with a counter), Application (the API needs it; the first application unless prefilled),
 * Channel (six; changing it clears the statuses), Status (the channel's statuses with 'All',
 * which sends an empty list), Type (.CSV / .XLS) and the date range (1–31 days). Submitting with
 * gaps shows the spec's messages under the fields; the server's 400 field messages show there too.
 * Success toasts 'Success! A new report has been generated!', refreshes the list and closes (the
 * form starts empty the next time); another failure toasts 'Error!' with the server's message.
 */
import { useEffect } from 'react';
import { Button, Group, Input, Modal, MultiSelect, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
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
import { useGenerateReport } from '../api/generate-report.ts';
import type { ReportApplication } from '../api/list-report-applications.ts';
import {
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

/** Title (and accessible name) of the pop-up. */
export const GENERATE_MODAL_TITLE = 'Generate New Report';

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

/** Status options of a channel: 'All' first, then its statuses. */
export const statusOptions = (channel: ChannelId | null) =>
  channel ? [{ value: STATUS_ALL, label: 'All' }, ...REPORT_STATUSES_BY_CHANNEL[channel].map((s) => ({ value: s, label: statusLabel(s) }))] : [];

function GenerateReportForm({ applications, initial, onGenerated, onClose }: Omit<GenerateReportModalProps, 'opened'>) {
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

  const submit = form.onSubmit(async (v) => {
    try {
      const row = await generate.mutateAsync(toGenerateInput(v));
      toastSuccess(REPORT_MESSAGES.generated, undefined, 'report-generated');
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
          label="Report Name"
          placeholder="e.g. march_sms_delivery"
          withAsterisk
          data-autofocus
          maxLength={REPORT_NAME_MAX}
          value={values.title}
          onChange={(e) => form.setFieldValue('title', liveReportName(e.currentTarget.value))}
          error={form.errors.title}
          description={`${values.title.length}/${REPORT_NAME_MAX}`}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label="Application"
            placeholder={applications ? 'Pick an application' : 'Loading…'}
            withAsterisk
            data={(applications ?? []).map((a) => ({ value: a.id, label: a.name }))}
            value={values.application_id}
            onChange={(v) => form.setFieldValue('application_id', v)}
            error={form.errors.application_id}
            searchable={(applications?.length ?? 0) > 8}
            nothingFoundMessage="No application found"
            allowDeselect={false}
          />
          <Select
            label="Channel"
            placeholder="Pick a channel"
            withAsterisk
            data={REPORT_CHANNEL_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
            value={values.channel}
            onChange={(v) => {
              if (v === values.channel) return;
              form.setValues({ channel: v as ChannelId | null, status: [] });
              form.clearFieldError('channel');
            }}
            error={form.errors.channel}
            allowDeselect={false}
          />
          <MultiSelect
            label="Status"
            placeholder={values.channel ? (values.status.length ? undefined : 'Pick statuses') : 'Pick a channel first'}
            withAsterisk
            data={statusOptions(values.channel)}
            value={values.status}
            onChange={(next) => form.setFieldValue('status', nextStatusSelection(values.status, next))}
            error={form.errors.status}
            disabled={!values.channel}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear statuses' }}
          />
          <Select
            label="Type"
            placeholder="Pick a file type"
            withAsterisk
            data={REPORT_TYPES.map((t) => ({ value: t, label: REPORT_TYPE_LABELS[t] }))}
            value={values.type}
            onChange={(v) => form.setFieldValue('type', v as ReportType | null)}
            error={form.errors.type}
            allowDeselect={false}
          />
        </SimpleGrid>
        <Input.Wrapper id="generate-report-range" label="Date" withAsterisk error={form.errors.range} description="1 to 31 days" inputWrapperOrder={['label', 'input', 'description', 'error']}>
          <div>
            <OptionalRangePicker
              id="generate-report-range"
              label="Date"
              emptyText="Pick a date range"
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
            Cancel
          </Button>
          <Button type="submit" loading={generate.isPending}>
            Generate
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The pop-up; its form is new each time it opens. */
export function GenerateReportModal({ opened, onClose, ...rest }: GenerateReportModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={GENERATE_MODAL_TITLE} size="lg" closeButtonProps={{ 'aria-label': 'Close' }} styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}>
      <GenerateReportForm onClose={onClose} {...rest} />
    </Modal>
  );
}
