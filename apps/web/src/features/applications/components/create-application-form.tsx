/**
 * Create application form (console.md §2 Create application, §5): 'Application Name' is required
 * ('Application name is required'); at least one of the six channels ('Must be at least 1 channel');
 * SMS, SMS OTP and WhatsApp take an optional sender name, SMS and SMS OTP an optional sender number
 * (console.md §3 Application). Over-long values say '… must be at most N characters' (ARCHITECTURE.md
 * §7 deviation 9). Server field errors show under the fields. A note explains the key file the page
 * downloads. After the application exists, `onCreated(id)` runs (the page downloads the key file and
 * leaves) while the button keeps its loading state.
 */
import { useState } from 'react';
import { Alert, Button, Checkbox, Group, List, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  APPLICATION_MESSAGES,
  SENDER_LIMITS,
  applicationChannelSchema,
  applicationNameSchema,
  TOKEN_MESSAGES,
  type CreateApplicationInput,
} from '@pesan/contracts/application';
import { CHANNELS, type ChannelId } from '@pesan/contracts/channels';
import { ApiError } from '../../../lib/api-client.ts';
import { localizeMessage } from '../../../lib/i18n.ts';
import { useFormLanguage } from '../../../lib/form-i18n.ts';
import { useCreateApplication } from '../api/create-application.ts';
import { submitForm } from '../../../lib/form-submit.ts';

/** Channels that take a sender name (console.md §3 Application). */
export const SENDER_CHANNELS: readonly ChannelId[] = ['whatsapp', 'sms', 'sms_otp'];
/** Channels that also take a sender number (console.md §3 Application: SMS and SMS OTP). */
export const SENDER_NUMBER_CHANNELS: readonly ChannelId[] = ['sms', 'sms_otp'];

export interface CreateApplicationValues {
  applicationName: string;
  channels: ChannelId[];
  senderName: Record<string, string>;
  senderNumber?: Record<string, string>;
}

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? undefined : r.error?.issues[0]?.message);

/** Client rules of §5; returns the form's error map (empty when valid). */
export function validateCreateApplication(v: CreateApplicationValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const name = applicationNameSchema.safeParse(v.applicationName);
  if (!name.success) errors.applicationName = name.error.issues[0]?.message ?? APPLICATION_MESSAGES.nameRequired;
  if (v.channels.length === 0) errors.channels = APPLICATION_MESSAGES.channelRequired;
  for (const c of v.channels) {
    if (SENDER_CHANNELS.includes(c)) {
      const m = firstMessage(applicationChannelSchema.shape.senderName.safeParse(v.senderName[c] ?? ''));
      if (m) errors[`senderName.${c}`] = m;
    }
    if (SENDER_NUMBER_CHANNELS.includes(c)) {
      const m = firstMessage(applicationChannelSchema.shape.senderNumber.safeParse(v.senderNumber?.[c] ?? ''));
      if (m) errors[`senderNumber.${c}`] = m;
    }
  }
  return errors;
}

/** The request body from the form values, channels in the fixed order. */
export function toCreateInput(v: CreateApplicationValues): CreateApplicationInput {
  return {
    applicationName: v.applicationName.trim(),
    channels: CHANNELS.filter((c) => v.channels.includes(c.id)).map((c) => {
      const sender = SENDER_CHANNELS.includes(c.id) ? (v.senderName[c.id] ?? '').trim() : '';
      const number = SENDER_NUMBER_CHANNELS.includes(c.id) ? (v.senderNumber?.[c.id] ?? '').trim() : '';
      return { channel: c.id, ...(sender ? { senderName: sender } : {}), ...(number ? { senderNumber: number } : {}) };
    }),
  };
}

/** Maps server detail paths onto form fields: 'channels.2.senderName' -> 'senderName.<channel>'. */
export function serverFieldErrors(err: ApiError, input: CreateApplicationInput): Record<string, string> {
  const out: Record<string, string> = {};
  for (const d of err.details) {
    const m = /^channels\.(\d+)\.(senderName|senderNumber)$/.exec(d.path);
    if (m) {
      const ch = input.channels[Number(m[1])]?.channel;
      if (ch) out[`${m[2]}.${ch}`] = d.message;
    } else if (d.path.startsWith('channels')) out.channels ??= d.message;
    else if (d.path === 'applicationName') out.applicationName = d.message;
  }
  return out;
}

export interface CreateApplicationFormProps {
  onCreated: (id: string) => Promise<void> | void;
  onError?: (err: Error) => void;
}

/**
 * What the key file downloaded at creation holds and how it relates to the detail page (issue 10):
 * one token per channel with its private key; generating again revokes that channel's token.
 */
export function KeyFileNote() {
  const { t } = useTranslation('applications');
  return (
    <Alert variant="light" color="blue" icon={<IconFileDownload size={18} aria-hidden />} title={t('keyFile.title')}>
      <Text size="sm" c="dark.7">
        {t('keyFile.intro')}
      </Text>
      <List size="sm" c="dark.7" mt={4} spacing={2}>
        <List.Item>{t('keyFile.token')}</List.Item>
        <List.Item>{t('keyFile.privateKey')}</List.Item>
      </List>
      <Text size="sm" c="dark.7" mt={4}>
        {localizeMessage(TOKEN_MESSAGES.warning)} {t('keyFile.regenerate')}
      </Text>
    </Alert>
  );
}

/** The create form (see the file comment). */
export function CreateApplicationForm({ onCreated, onError }: CreateApplicationFormProps) {
  const { t } = useTranslation('applications');
  const create = useCreateApplication();
  const [finishing, setFinishing] = useState(false);
  const form = useForm<CreateApplicationValues>({
    mode: 'controlled',
    initialValues: { applicationName: '', channels: [], senderName: { whatsapp: '', sms: '', sms_otp: '' }, senderNumber: { sms: '', sms_otp: '' } },
    validate: (values) => Object.fromEntries(Object.entries(validateCreateApplication(values)).map(([k, m]) => [k, localizeMessage(m)])),
  });
  useFormLanguage(form);

  const submit = submitForm(form, async (values) => {
    const input = toCreateInput(values);
    let id: string;
    try {
      id = (await create.mutateAsync(input)).id;
    } catch (err) {
      if (err instanceof ApiError) {
        const fields = serverFieldErrors(err, input);
        if (Object.keys(fields).length) {
          form.setErrors(fields);
          return;
        }
      }
      onError?.(err as Error);
      return;
    }
    setFinishing(true);
    try {
      await onCreated(id);
    } finally {
      setFinishing(false);
    }
  });

  const checked = form.values.channels;
  return (
    <Paper withBorder radius="md" p="lg" component="form" onSubmit={submit} noValidate maw={720}>
      <Stack gap="lg">
        <TextInput label={t('createForm.nameLabel')} placeholder={t('createForm.namePlaceholder')} withAsterisk {...form.getInputProps('applicationName')} />
        <Checkbox.Group label={t('createForm.channelsLabel')} description={t('createForm.channelsDescription')} withAsterisk {...form.getInputProps('channels')}>
          <SimpleGrid cols={{ base: 2, sm: 3 }} mt="xs">
            {CHANNELS.map((c) => (
              <Checkbox key={c.id} value={c.id} label={c.label} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        {SENDER_CHANNELS.some((c) => checked.includes(c)) ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {CHANNELS.filter((c) => SENDER_CHANNELS.includes(c.id) && checked.includes(c.id)).flatMap((c) => [
              <TextInput
                key={`name-${c.id}`}
                label={t('createForm.senderNameLabel', { channel: c.label })}
                description={t('createForm.senderNameDescription', { max: SENDER_LIMITS.senderName })}
                {...form.getInputProps(`senderName.${c.id}`)}
              />,
              SENDER_NUMBER_CHANNELS.includes(c.id) ? (
                <TextInput
                  key={`number-${c.id}`}
                  label={t('createForm.senderNumberLabel', { channel: c.label })}
                  description={t('createForm.senderNumberDescription', { max: SENDER_LIMITS.senderNumber })}
                  inputMode="tel"
                  {...form.getInputProps(`senderNumber.${c.id}`)}
                />
              ) : null,
            ])}
          </SimpleGrid>
        ) : null}
        <KeyFileNote />
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending || finishing}>
            {t('createForm.submit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
