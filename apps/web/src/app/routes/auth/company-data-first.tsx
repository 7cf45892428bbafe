/**
 * /auth/company-data-first and /company-data-first (console.md §2, §4 Organization creation).
 * The spec goes to /auth/login with {successCreateOrganization}; the user is still signed in (the
 * session cookie stays valid and the server has set the organization), so we refresh the session
 * and go straight to /my-application with a success toast instead of asking to sign in again.
 */
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { CONSOLE_MESSAGES } from '@pesan/contracts/console-messages';
import { sessionQueryOptions } from '../../../features/auth/api/get-session.ts';
import { useLogout } from '../../../features/auth/api/logout.ts';
import { useCreateOrganization } from '../../../features/organization/api/create-organization.ts';
import { OrganizationForm } from '../../../features/organization/components/organization-form.tsx';
import { toastApiError, toastSuccess } from '../../../components/toasts.ts';

export default function CompanyDataFirstPage() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const create = useCreateOrganization();
  const logout = useLogout();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Tell us about your business
        </Title>
        <Text c="gray.8" mt={4}>
          Your applications belong to your organization. Add its details to continue.
        </Text>
      </div>
      <OrganizationForm
        mode="create"
        pending={create.isPending}
        onOtherError={(err) => toastApiError(err)}
        onSubmit={async (input) => {
          await create.mutateAsync(input);
          // fetchQuery (not invalidate): a session cached by setQueryData has no queryFn to refetch with.
          await qc.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 });
          toastSuccess(CONSOLE_MESSAGES.organizationCreated);
          navigate('/my-application', { replace: true });
        }}
      />
      <Text size="sm" c="gray.8" ta="center">
        Not your account?{' '}
        <Anchor
          component="button"
          type="button"
          fw={600}
          onClick={() => logout.mutate(undefined, { onSettled: () => navigate('/auth/login', { replace: true }) })}
        >
          Logout
        </Anchor>
      </Text>
    </Stack>
  );
}
