/**
 * The invitation landing page /auth/invitation/:token (ARCHITECTURE.md §5.1), anonymous or
 * signed in: '<organization> invited you to join as <role>', then
 * - signed in as the invited address: 'Join <organization>';
 * - signed in as another address: why it cannot be accepted here, and Sign out;
 * - anonymous with an account: 'Sign in to accept' (back to this page after signing in);
 * - anonymous without one: the new-account form, which creates the account, signs in and joins.
 * After joining the console opens (the terms check runs there as after any sign-in). An invalid,
 * expired, revoked or used link: a clear message with a link to sign in.
 */
import { Alert, Anchor, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconMailOpened } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import type { User } from '@pesan/contracts/auth';
import { TEAMS_MESSAGES } from '@pesan/contracts/teams';
import { PageHeader } from '../../../components/page-header.tsx';
import { toastApiError, toastSuccess } from '../../../components/toasts.ts';
import { localizeMessage } from '../../../lib/i18n.ts';
import { useAcceptInvitation } from '../api/accept-invitation.ts';
import { useInvitationInfo } from '../api/get-invitation.ts';
import { InvitationSignupForm, type PasswordFieldComponent } from './invitation-signup-form.tsx';

export interface InvitationLandingProps {
  token: string;
  /** The session: undefined while it loads, null when anonymous. */
  user: User | null | undefined;
  signingOut: boolean;
  onSignOut: () => void;
  PasswordField: PasswordFieldComponent;
  ConfirmField: PasswordFieldComponent;
}

/** Where the console opens after joining. */
const AFTER_JOIN = '/my-application';

/** The sign-in page that comes back here. */
export const signInBackTo = (token: string) => `/auth/login?redirect=${encodeURIComponent(`/auth/invitation/${token}`)}`;

export function InvitationLanding({ token, user, signingOut, onSignOut, PasswordField, ConfirmField }: InvitationLandingProps) {
  const { t } = useTranslation('members');
  const navigate = useNavigate();
  const info = useInvitationInfo(token);
  const accept = useAcceptInvitation();

  if (info.isPending || user === undefined)
    return (
      <Center py="xl">
        <Loader aria-label={t('landing.loading')} />
      </Center>
    );

  if (info.isError)
    return (
      <Stack gap="lg">
        <PageHeader title={t('landing.invalidTitle')} />
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
          <Text size="sm">{localizeMessage(TEAMS_MESSAGES.invitationNotFound)}</Text>
          <Text size="sm" mt={4}>
            {t('landing.invalidHint')}
          </Text>
        </Alert>
        <Anchor component={Link} to="/auth/login" fw={600}>
          {t('landing.goToSignIn')}
        </Anchor>
      </Stack>
    );

  const invitation = info.data;
  const role = t(`roles.${invitation.role}`);
  const join = async (account?: Parameters<typeof accept.mutateAsync>[0]['account']) => {
    const res = await accept.mutateAsync({ token, account });
    toastSuccess(res?.message ?? TEAMS_MESSAGES.invitationAccepted);
    navigate(AFTER_JOIN, { replace: true });
  };
  const sameAccount = user !== null && user.email.toLowerCase() === invitation.email.toLowerCase();

  return (
    <Stack gap="lg">
      <PageHeader title={t('landing.title')} />
      <Alert color="blue" variant="light" icon={<IconMailOpened size={18} aria-hidden />}>
        <Text size="sm">
          <Trans t={t} i18nKey="landing.invited" values={{ organization: invitation.organization_name, role }} components={{ strong: <strong /> }} />
        </Text>
        <Text size="xs" c="gray.7" mt={4} style={{ overflowWrap: 'anywhere' }}>
          {t('landing.invitedEmail', { email: invitation.email })}
        </Text>
      </Alert>
      {user && sameAccount ? (
        <Stack gap="sm">
          <Text size="sm">
            <Trans t={t} i18nKey="landing.signedInAs" values={{ email: user.email }} components={{ strong: <strong /> }} />
          </Text>
          <Button size="md" fullWidth loading={accept.isPending} onClick={() => join().catch((err) => toastApiError(err, { silent401: true }))}>
            {t('landing.join', { organization: invitation.organization_name })}
          </Button>
        </Stack>
      ) : user ? (
        <Stack gap="sm">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Trans t={t} i18nKey="landing.wrongAccount" values={{ invited: invitation.email, current: user.email }} components={{ strong: <strong /> }} />
          </Text>
          <Button variant="outline" onClick={onSignOut} loading={signingOut}>
            {t('landing.signOut')}
          </Button>
        </Stack>
      ) : invitation.has_account ? (
        <Stack gap="sm">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('landing.hasAccount', { email: invitation.email })}
          </Text>
          <Button component={Link} to={signInBackTo(token)} state={{ email: invitation.email }} size="md" fullWidth>
            {t('landing.signIn')}
          </Button>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text size="sm">{t('landing.createAccount')}</Text>
          <InvitationSignupForm email={invitation.email} pending={accept.isPending} PasswordField={PasswordField} ConfirmField={ConfirmField} onSubmit={join} />
        </Stack>
      )}
    </Stack>
  );
}
