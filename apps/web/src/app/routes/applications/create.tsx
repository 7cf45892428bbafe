/**
 * Create application (console.md §2): the form, then the key file for every channel downloaded as
 * `<id>.txt`, a toast, and back to /my-application.
 */
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { TOKEN_MESSAGES } from '@pesan/contracts/application';
import { PageHeader } from '../../../components/page-header.tsx';
import { CreateApplicationForm } from '../../../features/applications/components/create-application-form.tsx';
import { useGenerateKeyFile } from '../../../features/tokens/api/generate-key-file.ts';

export default function CreateApplicationPage() {
  const navigate = useNavigate();
  const keyFile = useGenerateKeyFile();
  const onCreated = async (id: string) => {
    try {
      await keyFile.mutateAsync(id);
      notifications.show({ color: 'green', title: 'Application created', message: TOKEN_MESSAGES.successMessage });
    } catch (err) {
      notifications.show({ color: 'red', title: TOKEN_MESSAGES.failureTitle, message: (err as Error).message || TOKEN_MESSAGES.failureMessage });
    }
    navigate('/my-application');
  };
  return (
    <>
      <PageHeader
        title="Create Application"
        breadcrumbs={[{ label: 'My Application', to: '/my-application' }, { label: 'Create Application' }]}
      />
      <CreateApplicationForm
        onCreated={onCreated}
        onError={(err) => notifications.show({ color: 'red', title: 'Error!', message: err.message })}
      />
    </>
  );
}
