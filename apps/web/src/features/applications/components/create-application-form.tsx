/**
 * Create application form (console.md §2 Create application, §5): 'Application Name' is required
 * ('Application name is required'); at least one of the six channels ('Must be at least 1 channel');
 * SMS, SMS OTP and WhatsApp take an optional sender name. Server field errors show under the fields.
 * After the application exists, `onCreated(id)` runs (the page downloads the key file and leaves)
 * while the button keeps its loading state.
 */
import { useState } from 'react';
import { Button, Checkbox, Group, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { APPLICATION_MESSAGES, applicationNameSchema, type CreateApplicationInput } from '@pesan/contracts/application';
import { CHANNELS, type ChannelId } from '@pesan/contracts/channels';
import { ApiError } from '../../../lib/api-client.ts';
import { useCreateApplication } from '../api/create-application.ts';

/** Channels that take a sender name (console.md §3 Application). */
export const SENDER_CHANNELS: readonly ChannelId[] = ['whatsapp', 'sms', 'sms_otp'];

export interface CreateApplicationValues {
  applicationName: string;
  channels: ChannelId[];
  senderName: Record<string, string>;
}

/** Client rules of §5; returns the form's error map (empty when valid). */
export function validateCreateApplication(v: CreateApplicationValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const name = applicationNameSchema.safeParse(v.applicationName);
  if (!name.success) errors.applicationName = name.error.issues[0]?.message ?? APPLICATION_MESSAGES.nameRequired;
  if (v.channels.length === 0) errors.channels = APPLICATION_MESSAGES.channelRequired;
  for (const c of v.channels) {
    if (SENDER_CHANNELS.includes(c) && (v.senderName[c] ?? '').trim().length > 11) errors[`senderName.${c}`] = 'Sender name must be at most 11 characters';
  }
  return errors;
}

/** The request body from the form values, channels in the fixed order. */
export function toCreateInput(v: CreateApplicationValues): CreateApplicationInput {
  return {
    applicationName: v.applicationName.trim(),
    channels: CHANNELS.filter((c) => v.channels.includes(c.id)).map((c) => {
      const sender = (v.senderName[c.id] ?? '').trim();
      return SENDER_CHANNELS.includes(c.id) && sender ? { channel: c.id, senderName: sender } : { channel: c.id };
    }),
  };
}

/** Maps server detail paths onto form fields: 'channels.2.senderName' -> 'senderName.<channel>'. */
export function serverFieldErrors(err: ApiError, input: CreateApplicationInput): Record<string, string> {
  const out: Record<string, string> = {};
  for (const d of err.details) {
    const m = /^channels\.(\d+)\.senderName$/.exec(d.path);
    if (m) {
      const ch = input.channels[Number(m[1])]?.channel;
      if (ch) out[`senderName.${ch}`] = d.message;
    } else if (d.path.startsWith('channels')) out.channels ??= d.message;
    else if (d.path === 'applicationName') out.applicationName = d.message;
  }
  return out;
}

export interface CreateApplicationFormProps {
  onCreated: (id: string) => Promise<void> | void;
  onError?: (err: Error) => void;
}

export function CreateApplicationForm({ onCreated, onError }: CreateApplicationFormProps) {
  const create = useCreateApplication();
  const [finishing, setFinishing] = useState(false);
  const form = useForm<CreateApplicationValues>({
    mode: 'controlled',
    initialValues: { applicationName: '', channels: [], senderName: { whatsapp: '', sms: '', sms_otp: '' } },
    validate: validateCreateApplication,
  });

  const submit = form.onSubmit(async (values) => {
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
        <TextInput label="Application Name" placeholder="e.g. Order notifications" withAsterisk {...form.getInputProps('applicationName')} />
        <Checkbox.Group label="Channels" description="Pick the channels this application sends on." withAsterisk {...form.getInputProps('channels')}>
          <SimpleGrid cols={{ base: 2, sm: 3 }} mt="xs">
            {CHANNELS.map((c) => (
              <Checkbox key={c.id} value={c.id} label={c.label} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        {SENDER_CHANNELS.some((c) => checked.includes(c)) ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {CHANNELS.filter((c) => SENDER_CHANNELS.includes(c.id) && checked.includes(c.id)).map((c) => (
              <TextInput
                key={c.id}
                label={`Sender name (${c.label})`}
                description="Optional, up to 11 characters"
                maxLength={11}
                {...form.getInputProps(`senderName.${c.id}`)}
              />
            ))}
          </SimpleGrid>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending || finishing}>
            Create Application
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
