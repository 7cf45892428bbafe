/**
 * /auth/invitation/:token (ARCHITECTURE.md §5.1): the invitation landing page in the auth layout,
 * anonymous or signed in. Composes the members feature's landing with the session, sign-out and
 * the password inputs (with the rules tooltip) of the auth feature.
 */
import { useParams } from 'react-router';
import { useSession } from '../../../features/auth/api/get-session.ts';
import { useLogout } from '../../../features/auth/api/logout.ts';
import { AuthPasswordInput } from '../../../features/auth/components/auth-password-input.tsx';
import { PasswordWithRules } from '../../../features/auth/components/password-rules.tsx';
import { InvitationLanding } from '../../../features/members/components/invitation-landing.tsx';

export default function InvitationPage() {
  const { token = '' } = useParams();
  const session = useSession();
  const logout = useLogout();
  return (
    <InvitationLanding
      token={token}
      user={session.isPending ? undefined : (session.data ?? null)}
      signingOut={logout.isPending}
      onSignOut={() => logout.mutate()}
      PasswordField={PasswordWithRules}
      ConfirmField={AuthPasswordInput}
    />
  );
}
