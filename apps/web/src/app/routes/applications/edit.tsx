/**
 * Edit application (console.md §2): the id comes in navigation state (`{id}`); without it the page
 * goes back to /my-application. Titled 'Edit Application' (the detail page is 'Details App'); the
 * breadcrumb (My Application, Details App) and 'View Details' lead back to the detail page.
 * Success toasts 'Success edit application' and returns to the list.
 */
import { useEffect } from 'react';
import { Button } from '@mantine/core';
import { IconFileDescription } from '@tabler/icons-react';
import { Link } from 'react-router';
import { toastSuccess } from '../../../components/toasts.ts';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { APPLICATION_MESSAGES } from '@pesan/contracts/application-messages';
import { Page } from '../../../components/page.tsx';
import { EditApplicationForm } from '../../../features/applications/components/edit-application-form.tsx';

/** Reads the application id from navigation state (`{id}`, also `{appId}` or `{_id}`). */
export function idFromState(state: unknown): string | null {
  if (!state || typeof state !== 'object') return null;
  const s = state as Record<string, unknown>;
  const id = s.id ?? s.appId ?? s._id;
  return typeof id === 'string' && id ? id : null;
}

/** The Edit Application page (see the file comment). */
export default function EditApplicationPage() {
  const { t } = useTranslation('applications');
  const location = useLocation();
  const navigate = useNavigate();
  const id = idFromState(location.state);
  useEffect(() => {
    if (!id) navigate('/my-application', { replace: true });
  }, [id, navigate]);
  if (!id) return null;
  return (
    <Page
      title={t('editPage.title')}
      breadcrumbs={[
        { label: t('editPage.breadcrumbList'), to: '/my-application' },
        { label: t('editPage.breadcrumbDetail'), to: `/my-application/detail/${id}` },
        { label: t('editPage.title') },
      ]}
      actions={
        <Button component={Link} to={`/my-application/detail/${id}`} variant="default" leftSection={<IconFileDescription size={16} aria-hidden />}>
          {t('editPage.viewDetails')}
        </Button>
      }
    >
      <EditApplicationForm
        id={id}
        onSaved={() => {
          toastSuccess(APPLICATION_MESSAGES.editSuccessMessage, APPLICATION_MESSAGES.editSuccessTitle);
          navigate('/my-application');
        }}
      />
    </Page>
  );
}
