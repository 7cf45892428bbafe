/** /profile/edit-organization (console.md §2, §7 Organization, §8 success message). */
import { Alert, Center, Loader, Stack } from '@mantine/core';
import { ORGANIZATION_MESSAGES } from '@pesan/contracts/organization';
import { useMyOrganization } from '../../../features/organization/api/get-my-organization.ts';
import { useUpdateOrganization } from '../../../features/organization/api/update-organization.ts';
import { OrganizationForm } from '../../../features/organization/components/organization-form.tsx';
import { toastApiError, toastSuccess } from '../../../components/toasts.ts';
import { PageHeader } from '../../../components/page-header.tsx';

export default function EditOrganizationPage() {
  const org = useMyOrganization();
  const update = useUpdateOrganization();
  return (
    <Stack gap="lg" maw={560}>
      <PageHeader title="Edit Organization" description="The business your applications belong to." />
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
