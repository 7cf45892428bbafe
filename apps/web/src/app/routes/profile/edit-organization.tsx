/** /profile/edit-organization (console.md §2, §7 Organization, §8 success message). */
import { Alert, Center, Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ORGANIZATION_MESSAGES } from '@pesan/contracts/organization';
import { useMyOrganization } from '../../../features/organization/api/get-my-organization.ts';
import { useUpdateOrganization } from '../../../features/organization/api/update-organization.ts';
import { OrganizationForm } from '../../../features/organization/components/organization-form.tsx';
import { toastApiError, toastSuccess } from '../../../components/toasts.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { localizeMessage } from '../../../lib/i18n.ts';

export default function EditOrganizationPage() {
  const { t } = useTranslation('organization');
  const org = useMyOrganization();
  const update = useUpdateOrganization();
  return (
    <Stack gap="lg" maw={560}>
      <PageHeader title={t('editOrganization.title')} description={t('editOrganization.description')} />
      {org.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('editOrganization.loading')} />
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
            toastSuccess(localizeMessage(ORGANIZATION_MESSAGES.updated));
          }}
        />
      ) : (
        <Alert color="gray">{org.isError ? org.error.message : t('editOrganization.noOrganization')}</Alert>
      )}
    </Stack>
  );
}
