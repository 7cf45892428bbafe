/** /profile/change-password (console.md §2 "with a Back link to edit-profile", §4 Password change). */
import { Anchor, Group, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSession } from '../../../features/auth/api/get-session.ts';
import { ChangePasswordForm } from '../../../features/auth/components/change-password-form.tsx';
import { useShellLogout } from '../layouts/use-shell-logout.ts';
import { PageHeader } from '../../../components/page-header.tsx';

export default function ChangePasswordPage() {
  const { data: session } = useSession();
  const logout = useShellLogout();
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/profile/edit-profile" fw={600} size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          Back
        </Group>
      </Anchor>
      <PageHeader title="Change Password" description="After the change you will be signed out and can sign in with the new password." />
      {session && <ChangePasswordForm userId={session.id} onDone={logout} />}
    </Stack>
  );
}
