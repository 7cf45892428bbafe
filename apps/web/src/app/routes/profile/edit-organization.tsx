/** /profile/edit-organization (console.md §2, §7 Organization, §8 success message). */
import { Alert, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { ORGANIZATION_MESSAGES } from '@pesan/contracts/organization';
import { useMyOrganization } from '../../../features/organization/api/get-my-organization.ts';
import { useUpdateOrganization } from '../../../features/organization/api/update-organization.ts';
import { OrganizationForm } from '../../../features/organization/components/organization-form.tsx';
import { toastApiError, toastSuccess } from '../../../components/toasts.ts';

export default function EditOrganizationPage() {
  const org = useMyOrganization();
  const update = useUpdateOrganization();
  return (
    <Stack gap="lg" maw={560}>
      <div>
        <Title order={1} size="h2">
          Edit Organization
        </Title>
        <Text c="gray.8" mt={4}>
          The business your applications belong to.
        </Text>
      </div>
      {org.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading" />
        </Center>
      ) : org.data ? (
        <OrganizationForm
          key={org.data.id}
          mode="edit"
          initial={org.data}
          pending={update.isPending}
          onOtherError={(err) => toastApiError(err)}
          onSubmit={async (input) => {
            await update.mutateAsync({ id: org.data!.id, ...input });
            toastSuccess(ORGANIZATION_MESSAGES.updated);
          }}
        />
      ) : (
        <Alert color="gray">{org.isError ? org.error.message : 'You do not belong to an organization yet.'}</Alert>
      )}
    </Stack>
  );
}
