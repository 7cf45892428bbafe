/**
 * /auth/login (console.md §2, §5, §8). After sign-in: the safe same-origin `?redirect=` path the
 * guard put there (safe-redirect.ts), else /my-application (the guard sends users without an
 * organization on).
 */
import { Alert, Stack } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ORGANIZATION_MESSAGES } from '@pesan/contracts/organization-messages';
import { LoginForm } from '../../../features/auth/components/login-form.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { localizeMessage } from '../../../lib/i18n.ts';
import { REDIRECT_PARAM, safeRedirectPath } from '../../../features/auth/utils/safe-redirect.ts';

/** The sign-in page (see the file comment). */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const target = safeRedirectPath(params.get(REDIRECT_PARAM)) ?? '/my-application';
  const state = location.state as { successCreateOrganization?: boolean; email?: string } | null;
  const createdOrganization = state?.successCreateOrganization === true;
  return (
    <Stack gap="lg">
      <PageHeader title={t('pages.login.title')} description={t('pages.login.description')} />
      {createdOrganization && (
        <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} role="status">
          {localizeMessage(ORGANIZATION_MESSAGES.created)}
        </Alert>
      )}
      <LoginForm initialEmail={state?.email} onSuccess={() => navigate(target, { replace: true })} />
    </Stack>
  );
}
