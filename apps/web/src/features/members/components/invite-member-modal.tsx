/**
 * 'Invite member' (ARCHITECTURE.md §5.1): a modal with the e-mail and a role the signed-in user may
 * give (assignableRoles), validated by createInvitationSchema; the server's field messages show
 * under the fields, other refusals (already a member, already invited) as a toast. Success: a toast
 * and the modal closes; the pending list refreshes.
 */
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { assignableRoles, type Role } from '@pesan/contracts/roles';
import { createInvitationSchema, INVITATION_TTL_DAYS, TEAMS_MESSAGES } from '@pesan/contracts/teams';
import { applyFieldErrors } from '../../../components/shell-form-errors.ts';
import { toastApiError, toastSuccess } from '../../../components/toasts.ts';
import { localizedSchemaResolver, useFormLanguage } from '../../../lib/form-i18n.ts';
import { submitForm } from '../../../lib/form-submit.ts';
import { localizeMessage } from '../../../lib/i18n.ts';
import { useCreateInvitation } from '../api/create-invitation.ts';

export interface InviteMemberModalProps {
  opened: boolean;
  onClose: () => void;
  myRole: Role | null;
  organizationName?: string;
}

const FIELDS = ['email', 'role'] as const;

export function InviteMemberModal({ opened, onClose, myRole, organizationName }: InviteMemberModalProps) {
  const { t } = useTranslation('members');
  const roles = assignableRoles(myRole);
  const form = useForm<{ email: string; role: Role }>({
    mode: 'controlled',
    initialValues: { email: '', role: roles.includes('developer') ? 'developer' : (roles[roles.length - 1] ?? 'viewer') },
    validate: localizedSchemaResolver(createInvitationSchema),
  });
  useFormLanguage(form);
  const invite = useCreateInvitation();
  const close = () => {
    if (invite.isPending) return;
    form.reset();
    onClose();
  };

  const submit = submitForm(form, async (values) => {
    const input = createInvitationSchema.parse(values);
    try {
      await invite.mutateAsync(input);
      toastSuccess(t('invite.sentTo', { email: input.email }), localizeMessage(TEAMS_MESSAGES.invitationSent));
      form.reset();
      onClose();
    } catch (err) {
      if (!applyFieldErrors(err, form.setFieldError, FIELDS)) toastApiError(err);
    }
  });

  return (
    <Modal opened={opened} onClose={close} title={t('invite.title')} centered size="md" closeButtonProps={{ 'aria-label': t('invite.close') }} styles={{ title: { fontWeight: 700 } }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="gray.7">
            {t('invite.description', { organization: organizationName || t('remove.yourOrganization'), days: INVITATION_TTL_DAYS })}
          </Text>
          <TextInput label={t('invite.email')} type="email" autoComplete="off" placeholder={t('invite.emailPlaceholder')} required data-autofocus {...form.getInputProps('email')} />
          <Select
            label={t('invite.role')}
            required
            allowDeselect={false}
            data={roles.map((r) => ({ value: r, label: `${t(`roles.${r}`)} — ${t(`roleHints.${r}`)}` }))}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('role')}
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close} disabled={invite.isPending}>
              {t('invite.cancel')}
            </Button>
            <Button type="submit" loading={invite.isPending}>
              {t('invite.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
