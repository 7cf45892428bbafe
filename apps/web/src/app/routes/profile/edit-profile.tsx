/** /profile/edit-profile — Account Settings (console.md §2, §5, §8). */
import { Center, Loader, Stack } from '@mantine/core';
import { useSession } from '../../../features/auth/api/get-session.ts';
import { useUser } from '../../../features/profile/api/get-user.ts';
import { EditProfileForm } from '../../../features/profile/components/edit-profile-form.tsx';
import { PageHeader } from '../../../components/page-header.tsx';

/** Delay before the reload after a save, in ms, so the success message can be read. */
const RELOAD_AFTER_MS = 1_500;

function Form({ userId }: { userId: string }) {
  const user = useUser(userId);
  if (!user.data) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  return <EditProfileForm user={user.data} onSaved={() => setTimeout(() => window.location.reload(), RELOAD_AFTER_MS)} />;
}

export default function EditProfilePage() {
  const { data: session } = useSession();
  return (
    <Stack gap="lg">
      <PageHeader title="Account Settings" description="Your name and photo as shown in the console." />
      {session && <Form userId={session.id} />}
    </Stack>
  );
}
