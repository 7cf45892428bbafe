/**
 * Organization form (console.md §2 company-data-first, §3 Organization, §5 "no client
 * validation; server errors appear under the fields"): Business Unit Name, Business Phone,
 * Address and Website (shown with an 'https://' prefix and sent through withHttps).
 */
import { Button, Group, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { withHttps, type Organization, type OrganizationInput } from '@pesan/contracts/organization';
import { ApiError } from '../../../lib/api-client.ts';

/** Form field -> request body field. */
const BODY_FIELD = {
  businessName: 'business_name',
  businessPhone: 'business_phone',
  businessAddress: 'business_address',
  websiteUrl: 'website_url',
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

/** The website as typed in the field: without its scheme. */
const stripScheme = (url: string) => url.replace(/^https?:\/\//i, '');

export function OrganizationForm({ mode, initial, pending, onSubmit, onOtherError }: OrganizationFormProps) {
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: {
      businessName: initial?.business_name ?? '',
      businessPhone: initial?.business_phone ?? '',
      businessAddress: initial?.business_address ?? '',
      websiteUrl: stripScheme(initial?.website_url ?? ''),
    },
  });

  const submit = form.onSubmit(async (v) => {
    form.clearErrors();
    try {
      await onSubmit({
        business_name: v.businessName.trim(),
        business_phone: v.businessPhone.trim(),
        business_address: v.businessAddress.trim(),
        website_url: withHttps(v.websiteUrl),
      });
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
      <Stack gap="sm">
        <TextInput label="Business Unit Name" autoComplete="organization" placeholder="PT Contoh Sejahtera" {...form.getInputProps('businessName')} />
        <TextInput label="Business Phone" type="tel" autoComplete="tel" placeholder="021xxxxxxx" {...form.getInputProps('businessPhone')} />
        <Textarea label="Address" autoComplete="street-address" autosize minRows={2} placeholder="Street, city" {...form.getInputProps('businessAddress')} />
        <TextInput
          label="Website"
          placeholder="www.example.com"
          autoComplete="url"
          leftSection={<span style={{ fontSize: 14, color: 'var(--mantine-color-gray-8)' }}>https://</span>}
          leftSectionWidth={70}
          {...form.getInputProps('websiteUrl')}
          onChange={(e) => form.setFieldValue('websiteUrl', stripScheme(e.currentTarget.value))}
        />
        <Group justify="flex-end" grow={mode === 'create'} mt="xs">
          <Button type="submit" loading={pending} fullWidth={mode === 'create'} size={mode === 'create' ? 'md' : 'sm'}>
            {mode === 'create' ? 'Submit' : 'Save Changes'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
