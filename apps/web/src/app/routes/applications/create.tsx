/**
 * Create application (console.md §2): the form, then the key file for every channel downloaded as
 * `<id>.txt`, a toast, and back to /my-application.
 */
import { toastError, toastSuccess } from '../../../components/toasts.ts';
import { useNavigate } from 'react-router';
import { TOKEN_MESSAGES } from '@pesan/contracts/application';
import { Page } from '../../../components/page.tsx';
import { CreateApplicationForm } from '../../../features/applications/components/create-application-form.tsx';
import { useGenerateKeyFile } from '../../../features/tokens/api/generate-key-file.ts';

export default function CreateApplicationPage() {
  const navigate = useNavigate();
  const keyFile = useGenerateKeyFile();
  const onCreated = async (id: string) => {
    try {
      await keyFile.mutateAsync(id);
      toastSuccess(TOKEN_MESSAGES.successMessage, 'Application created');
    } catch (err) {
      toastError((err as Error).message || TOKEN_MESSAGES.failureMessage, TOKEN_MESSAGES.failureTitle);
    }
    navigate('/my-application');
  };
  return (
    <Page
      title="Create Application"
      breadcrumbs={[{ label: 'My Application', to: '/my-application' }, { label: 'Create Application' }]}
    >
      <CreateApplicationForm
        onCreated={onCreated}
        onError={(err) => toastError(err.message)}
      />
    </Page>
  );
}
