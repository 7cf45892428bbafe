/** /profile/edit-profile — Account Settings (console.md §2, §5, §8). */
import { Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useSession } from '../../../features/auth/api/get-session.ts';
import { useUser } from '../../../features/profile/api/get-user.ts';
import { EditProfileForm } from '../../../features/profile/components/edit-profile-form.tsx';

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
      <div>
        <Title order={1} size="h2">
          Account Settings
        </Title>
        <Text c="gray.8" mt={4}>
          Your name and photo as shown in the console.
        </Text>
      </div>
      {session && <Form userId={session.id} />}
    </Stack>
  );
}
