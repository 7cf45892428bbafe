/**
 * /auth/company-data-first and /company-data-first (console.md §2, §4 Organization creation): the
 * server creates the organization and links the user in one step; then, as the spec and the
 * accounts issue say, the session ends and /auth/login shows the success message with the e-mail
 * filled in. Signing in again lands on /my-application.
 */
import { Anchor, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { sessionQueryOptions } from '../../../features/auth/api/get-session.ts';
import { useLogout } from '../../../features/auth/api/logout.ts';
import { useCreateOrganization } from '../../../features/organization/api/create-organization.ts';
import { OrganizationForm } from '../../../features/organization/components/organization-form.tsx';
import { toastApiError } from '../../../components/toasts.ts';
import { PageHeader } from '../../../components/page-header.tsx';

export default function CompanyDataFirstPage() {
  const { t } = useTranslation('auth');
  const qc = useQueryClient();
  const navigate = useNavigate();
  const create = useCreateOrganization();
  const logout = useLogout();
  return (
    <Stack gap="lg">
      <PageHeader title={t('pages.companyData.title')} description={t('pages.companyData.description')} />
      <OrganizationForm
        mode="create"
        pending={create.isPending}
        onOtherError={(err) => toastApiError(err)}
        onSubmit={async (input) => {
          await create.mutateAsync(input);
          const email = qc.getQueryData(sessionQueryOptions().queryKey)?.email;
          await logout.mutateAsync().catch(() => undefined);
          navigate('/auth/login', { replace: true, state: { successCreateOrganization: true, email } });
        }}
      />
      <Text size="sm" c="gray.8" ta="center">
        <Trans
          t={t}
          i18nKey="pages.companyData.notYourAccount"
          components={{
            anchor: (
              <Anchor
                component="button"
                type="button"
                fw={600}
                onClick={() => logout.mutate(undefined, { onSettled: () => navigate('/auth/login', { replace: true }) })}
              />
            ),
          }}
        />
      </Text>
    </Stack>
  );
}
