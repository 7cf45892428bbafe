/** /auth/email_verification/:token (console.md §2, §4): verifies, signs in, then /my-application; on failure /auth/login. */
import { useNavigate, useParams } from 'react-router';
import { EmailVerification } from '../../../features/auth/components/email-verification.tsx';

export default function EmailVerificationPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  return (
    <EmailVerification
      token={token}
      onVerified={() => navigate('/my-application', { replace: true })}
      onFailed={() => navigate('/auth/login', { replace: true })}
    />
  );
}
