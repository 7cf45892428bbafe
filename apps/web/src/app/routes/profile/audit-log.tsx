/** /profile/audit-log (ARCHITECTURE.md §5.1): the organization's audit log, for owners and admins. */
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../features/auth/api/get-session.ts';
import { PageSkeleton } from '../../../components/skeletons.tsx';
import { AuditLogView } from '../../../features/audit-log/components/audit-log-view.tsx';

export default function AuditLogPage() {
  const { t } = useTranslation('common');
  const { data: user } = useSession();
  if (!user) return <PageSkeleton label={t('shell.loading')} />;
  return <AuditLogView role={user.role} />;
}
