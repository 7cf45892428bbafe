/**
 * Organization form (console.md §2 company-data-first, §3 Organization, §5 "no client
 * validation; server errors appear under the fields"): Business Unit Name, Business Phone,
 * Address and Website (shown with an 'https://' prefix and sent through withHttps). When editing,
 * also the Time Zone (issue 23 item 7): an IANA zone picked from the browser's list with its UTC
 * offset, Asia/Jakarta by default; the server checks it.
 */
import { useMemo } from 'react';
import { Button, Group, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { withHttps, type Organization, type OrganizationInput } from '@pesan/contracts/organization';
import { DEFAULT_TIME_ZONE, timeZoneOffsetMinutes, utcOffsetText } from '@pesan/contracts/time-zone';
import { ApiError } from '../../../lib/api-client.ts';
import { submitForm } from '../../../lib/form-submit.ts';
import { useCan } from '../../../lib/use-can.ts';

/** Form field -> request body field. */
const BODY_FIELD = {
  businessName: 'business_name',
  businessPhone: 'business_phone',
  businessAddress: 'business_address',
  websiteUrl: 'website_url',
  timeZone: 'time_zone',
} as const;
type FormValues = Record<keyof typeof BODY_FIELD, string>;

export interface OrganizationFormProps {
  mode: 'create' | 'edit';
  initial?: Organization | null;
  pending: boolean;
  /** Sends the body; rejects with the ApiError whose details go under the fields. */
  onSubmit: (input: OrganizationInput) => Promise<unknown>;
  /** Errors that are not about one field (toast them). */
  onOtherError: (err: unknown) => void;
}

/** Whether `input` saves what `saved` already holds (the website compared without its scheme). */
const sameOrganization = (input: OrganizationInput, saved: OrganizationInput) =>
  input.business_name === saved.business_name &&
  input.business_phone === saved.business_phone &&
  input.business_address === saved.business_address &&
  stripScheme(input.website_url ?? '') === stripScheme(saved.website_url ?? '') &&
  (input.time_zone ?? saved.time_zone) === saved.time_zone;

/**
 * The zones to pick from: the browser's IANA list (plus UTC and `current`, so a saved zone is
 * always there), each labelled with its offset now: 'Asia/Jakarta (UTC+07:00)'.
 */
export function timeZoneOptions(current: string, now: Date = new Date()): { value: string; label: string }[] {
  const names = new Set<string>(typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []);
  names.add('UTC');
  names.add(DEFAULT_TIME_ZONE);
  if (current) names.add(current);
  return [...names].sort().map((value) => ({ value, label: `${value} (${utcOffsetText(timeZoneOffsetMinutes(value, now))})` }));
}

/** The website as typed in the field: without its scheme. */
const stripScheme = (url: string) => url.replace(/^https?:\/\//i, '');

export function OrganizationForm({ mode, initial, pending, onSubmit, onOtherError }: OrganizationFormProps) {
  const { t } = useTranslation('organization');
  // Editing needs organization.edit (ARCHITECTURE.md §5.1); other roles see the fields read-only.
  const mayEdit = useCan()('organization.edit');
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: {
      businessName: initial?.business_name ?? '',
      businessPhone: initial?.business_phone ?? '',
      businessAddress: initial?.business_address ?? '',
      websiteUrl: stripScheme(initial?.website_url ?? ''),
      timeZone: initial?.time_zone ?? DEFAULT_TIME_ZONE,
    },
  });
  const zones = useMemo(() => (mode === 'edit' ? timeZoneOptions(initial?.time_zone ?? DEFAULT_TIME_ZONE) : []), [mode, initial?.time_zone]);

  const toInput = (v: FormValues): OrganizationInput => ({
    business_name: v.businessName.trim(),
    business_phone: v.businessPhone.trim(),
    business_address: v.businessAddress.trim(),
    website_url: withHttps(v.websiteUrl),
    ...(mode === 'edit' ? { time_zone: v.timeZone } : {}),
  });
  // Editing: Save stays disabled until a field changes (issue 23 item 18).
  const unchanged = mode === 'edit' && !!initial && sameOrganization(toInput(form.values), initial);

  const submit = submitForm(form, async (v) => {
    form.clearErrors();
    try {
      await onSubmit(toInput(v));
    } catch (err) {
      let any = false;
      if (err instanceof ApiError) {
        for (const [field, bodyField] of Object.entries(BODY_FIELD)) {
          const m = err.fieldMessage(bodyField);
          if (m) {
            form.setFieldError(field, m);
            any = true;
          }
        }
      }
      if (!any) onOtherError(err);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <fieldset disabled={mode === 'edit' && !mayEdit} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Stack gap="sm">
        <TextInput
          label={t('form.businessName')}
          autoComplete="organization"
          placeholder={t('form.businessNamePlaceholder')}
          {...form.getInputProps('businessName')}
        />
        <TextInput
          label={t('form.businessPhone')}
          type="tel"
          autoComplete="tel"
          placeholder={t('form.businessPhonePlaceholder')}
          {...form.getInputProps('businessPhone')}
        />
        <Textarea
          label={t('form.address')}
          autoComplete="street-address"
          autosize
          minRows={2}
          placeholder={t('form.addressPlaceholder')}
          {...form.getInputProps('businessAddress')}
        />
        <TextInput
          label={t('form.website')}
          placeholder={t('form.websitePlaceholder')}
          autoComplete="url"
          leftSection={<span style={{ fontSize: 14, color: 'var(--mantine-color-gray-8)' }}>https://</span>}
          leftSectionWidth={70}
          {...form.getInputProps('websiteUrl')}
          onChange={(e) => form.setFieldValue('websiteUrl', stripScheme(e.currentTarget.value))}
        />
        {mode === 'edit' ? (
          <Select
            label={t('form.timeZone')}
            description={t('form.timeZoneHelp')}
            data={zones}
            searchable
            allowDeselect={false}
            nothingFoundMessage={t('form.timeZoneNone')}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('timeZone')}
            onChange={(v) => form.setFieldValue('timeZone', v ?? DEFAULT_TIME_ZONE)}
          />
        ) : null}
        {mode === 'edit' && !mayEdit ? null : (
          <Group justify="flex-end" grow={mode === 'create'} mt="xs">
            <Button type="submit" loading={pending} disabled={unchanged} fullWidth={mode === 'create'} size={mode === 'create' ? 'md' : 'sm'}>
            {mode === 'create' ? t('form.submit') : t('form.save')}
          </Button>
        </Group>
        )}
      </Stack>
      </fieldset>
    </form>
  );
}
