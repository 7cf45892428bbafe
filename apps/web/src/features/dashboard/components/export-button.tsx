/**
 * Excel export button of the Overview (templates-dashboard-reports.md §2.6, §7.2, §8, §9): downloads
 * the .xlsx with `download` and saves it; while it downloads the button shows a spinner and
 * 'Downloading…' (and is busy for assistive technology). Success toasts 'Report results have been
 * downloaded successfully'; a failure (no data included) toasts 'Error!' with the server's message.
 */
import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { downloadBlob } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../components/toasts.ts';
import { DASHBOARD_MESSAGES } from '@pesan/contracts/dashboard';
import { useTranslation } from 'react-i18next';
import { localizeMessage } from '../../../lib/i18n.ts';

export interface ExportButtonProps {
  label: string;
  /** Fetches the file: its Blob and the name to save it under. */
  download: () => Promise<{ blob: Blob; filename: string }>;
  disabled?: boolean;
}

export function ExportButton({ label, download, disabled }: ExportButtonProps) {
  const { t } = useTranslation('dashboard');
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const { blob, filename } = await download();
      if (blob.size === 0) throw new Error(localizeMessage(DASHBOARD_MESSAGES.loadFailed));
      downloadBlob(blob, filename);
      toastSuccess(localizeMessage(DASHBOARD_MESSAGES.downloaded), undefined, 'dashboard-download');
    } catch (err) {
      toastError(err instanceof Error ? err.message : localizeMessage(DASHBOARD_MESSAGES.loadFailed), undefined, 'dashboard-download-error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="light"
      leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
      loading={busy}
      loaderProps={{ type: 'dots' }}
      disabled={disabled}
      aria-busy={busy || undefined}
      onClick={() => void run()}
    >
      {busy ? t('export.downloading') : label}
    </Button>
  );
}
