/**
 * 'Copy' button of a code sample (Mantine CopyButton): its text turns to 'Copied' for
 * COPY_CONFIRM_MS (console.md §9 copy confirmation), which a screen reader hears too.
 */
import { Button, CopyButton, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { COPY_CONFIRM_MS } from '../../../components/copy-value-button.tsx';

export interface CopyCodeButtonProps {
  value: string;
  /** What is copied, for the accessible name: 'CURL request' gives 'Copy CURL request'. */
  what: string;
}

export function CopyCodeButton({ value, what }: CopyCodeButtonProps) {
  const { t } = useTranslation('api-docs');
  return (
    <CopyButton value={value} timeout={COPY_CONFIRM_MS}>
      {({ copied, copy }) => (
        <>
          <Button
            size="compact-sm"
            variant="default"
            leftSection={copied ? <IconCheck size={14} color="var(--mantine-color-teal-9)" aria-hidden /> : <IconCopy size={14} aria-hidden />}
            aria-label={copied ? t('copy.copiedWhat', { what }) : t('copy.copyWhat', { what })}
            onClick={copy}
          >
            {copied ? t('copy.copied') : t('copy.copy')}
          </Button>
          <VisuallyHidden role="status">{copied ? t('copy.status', { what }) : ''}</VisuallyHidden>
        </>
      )}
    </CopyButton>
  );
}
