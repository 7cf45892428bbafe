/** /profile/change-password (console.md §2 "with a Back link to edit-profile", §4 Password change). */
import { Anchor, Group, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../features/auth/api/get-session.ts';
import { ChangePasswordForm } from '../../../features/auth/components/change-password-form.tsx';
import { useShellLogout } from '../layouts/use-shell-logout.ts';
import { PageHeader } from '../../../components/page-header.tsx';

export default function ChangePasswordPage() {
  const { t } = useTranslation('profile');
  const { data: session } = useSession();
  const logout = useShellLogout();
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/profile/edit-profile" fw={600} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          {t('changePassword.back')}
        </Group>
      </Anchor>
      <PageHeader title={t('changePassword.title')} description={t('changePassword.description')} />
      {session && <ChangePasswordForm userId={session.id} onDone={logout} />}
    </Stack>
  );
}
