/**
 * Edit application (console.md §2): the id comes in navigation state (`{id}`); without it the page
 * goes back to /my-application. Success toasts 'Success edit application' and returns to the list.
 */
import { useEffect } from 'react';
import { toastSuccess } from '../../../components/toasts.ts';
import { useLocation, useNavigate } from 'react-router';
import { APPLICATION_MESSAGES } from '@pesan/contracts/application';
import { Page } from '../../../components/page.tsx';
import { EditApplicationForm } from '../../../features/applications/components/edit-application-form.tsx';

/** Reads the application id from navigation state (`{id}`, also `{appId}` or `{_id}`). */
export function idFromState(state: unknown): string | null {
  if (!state || typeof state !== 'object') return null;
  const s = state as Record<string, unknown>;
  const id = s.id ?? s.appId ?? s._id;
  return typeof id === 'string' && id ? id : null;
}

export default function EditApplicationPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const id = idFromState(location.state);
  useEffect(() => {
    if (!id) navigate('/my-application', { replace: true });
  }, [id, navigate]);
  if (!id) return null;
  return (
    <Page title="Details App" breadcrumbs={[{ label: 'My Application', to: '/my-application' }, { label: 'Details App' }]}>
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
