/**
 * /profile/edit-profile — Account Settings (console.md §2, §5, §8). After a save the session holds
 * the saved language (the form has already switched the interface to it), then the page reloads.
 */
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@pesan/contracts/auth';
import { sessionQueryKey, useSession } from '../../../features/auth/api/get-session.ts';
import { useUser } from '../../../features/profile/api/get-user.ts';
import { EditProfileForm } from '../../../features/profile/components/edit-profile-form.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { FormSkeleton } from '../../../components/skeletons.tsx';

/** Delay before the reload after a save, in ms, so the success message can be read. */
const RELOAD_AFTER_MS = 1_500;

function Form({ userId }: { userId: string }) {
  const { t } = useTranslation('profile');
  const user = useUser(userId);
  const queryClient = useQueryClient();
  if (!user.data) {
    return <FormSkeleton label={t('editProfile.loading')} fields={4} />;
  }
  return (
    <EditProfileForm
      user={user.data}
      onSaved={({ language }) => {
        queryClient.setQueryData<User | null>(sessionQueryKey, (u) => (u ? { ...u, language } : u));
        setTimeout(() => window.location.reload(), RELOAD_AFTER_MS);
      }}
    />
  );
}

export default function EditProfilePage() {
  const { t } = useTranslation('profile');
  const { data: session } = useSession();
  return (
    <Stack gap="lg">
      <PageHeader title={t('editProfile.title')} description={t('editProfile.description')} />
      {session && <Form userId={session.id} />}
    </Stack>
  );
}
