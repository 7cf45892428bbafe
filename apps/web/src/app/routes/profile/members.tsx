/** /profile/members (ARCHITECTURE.md §5.1): the organization's members and invitations. */
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../features/auth/api/get-session.ts';
import { PageSkeleton } from '../../../components/skeletons.tsx';
import { useMyOrganization } from '../../../features/organization/api/get-my-organization.ts';
import { MembersView } from '../../../features/members/components/members-view.tsx';

export default function MembersPage() {
  const { t } = useTranslation('common');
  const { data: user } = useSession();
  const org = useMyOrganization();
  if (!user) return <PageSkeleton label={t('shell.loading')} />;
  return <MembersView me={{ id: user.id, role: user.role }} organizationName={org.data?.business_name} />;
}
