/**
 * Create application (console.md §2): the form, then the key file for every channel downloaded as
 * `<id>.txt`, a toast, and back to /my-application.
 */
import { toastError, toastSuccess } from '../../../components/toasts.ts';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TOKEN_MESSAGES } from '@pesan/contracts/application-messages';
import { Page } from '../../../components/page.tsx';
import { CreateApplicationForm } from '../../../features/applications/components/create-application-form.tsx';
import { useGenerateKeyFile } from '../../../features/tokens/api/generate-key-file.ts';

export default function CreateApplicationPage() {
  const { t } = useTranslation('applications');
  const navigate = useNavigate();
  const keyFile = useGenerateKeyFile();
  const onCreated = async (id: string) => {
    try {
      await keyFile.mutateAsync(id);
      toastSuccess(TOKEN_MESSAGES.successMessage, t('createPage.created'));
    } catch (err) {
      toastError((err as Error).message || TOKEN_MESSAGES.failureMessage, TOKEN_MESSAGES.failureTitle);
    }
    navigate('/my-application');
  };
  return (
    <Page
      title={t('createPage.title')}
      breadcrumbs={[{ label: t('createPage.breadcrumbList'), to: '/my-application' }, { label: t('createPage.title') }]}
    >
      <CreateApplicationForm
        onCreated={onCreated}
        onError={(err) => toastError(err.message)}
      />
    </Page>
  );
}
