/** /profile/edit-organization (console.md §2, §7 Organization, §8 success message; the time zone, issue 23 item 7). */
import { Alert, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ORGANIZATION_MESSAGES } from '@pesan/contracts/organization';
import { useMyOrganization } from '../../../features/organization/api/get-my-organization.ts';
import { useUpdateOrganization } from '../../../features/organization/api/update-organization.ts';
import { OrganizationForm } from '../../../features/organization/components/organization-form.tsx';
import { toastApiError, toastSuccess } from '../../../components/toasts.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { FormSkeleton } from '../../../components/skeletons.tsx';
import { localizeMessage } from '../../../lib/i18n.ts';
import { useQueryClient } from '@tanstack/react-query';
import { sessionQueryKey } from '../../../features/auth/api/get-session.ts';

export default function EditOrganizationPage() {
  const { t } = useTranslation('organization');
  const org = useMyOrganization();
  const update = useUpdateOrganization();
  const queryClient = useQueryClient();
  return (
    <Stack gap="lg" maw={560}>
      <PageHeader title={t('editOrganization.title')} description={t('editOrganization.description')} />
      {org.isPending ? (
        <FormSkeleton label={t('editOrganization.loading')} fields={4} />
      ) : org.data ? (
        <OrganizationForm
          key={org.data.id}
          mode="edit"
          initial={org.data}
          pending={update.isPending}
          onOtherError={(err) => toastApiError(err)}
          onSubmit={async (input) => {
            await update.mutateAsync({ id: org.data!.id, ...input });
            // The session carries the organization's time zone: every screen shows times in the new one.
            await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
            toastSuccess(localizeMessage(ORGANIZATION_MESSAGES.updated));
          }}
        />
      ) : (
        <Alert color="gray">{org.isError ? org.error.message : t('editOrganization.noOrganization')}</Alert>
      )}
    </Stack>
  );
}
