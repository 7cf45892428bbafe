/**
 * Icon button that copies `value` (Mantine CopyButton): the tooltip and accessible name say
 * `label` ('Copy message ID'), then 'Copied' for COPY_CONFIRM_MS (console.md §9 "copy confirmation 2 s").
 */
import { ActionIcon, CopyButton, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** How long 'Copied' shows after a copy, in ms (console.md §9). */
export const COPY_CONFIRM_MS = 2000;

export interface CopyValueButtonProps {
  value: string;
  /** Accessible name and tooltip before copying, e.g. 'Copy secret'. */
  label: string;
  size?: 'sm' | 'md' | 'lg';
}

export function CopyValueButton({ value, label, size = 'sm' }: CopyValueButtonProps) {
  const { t } = useTranslation('common');
  return (
    <CopyButton value={value} timeout={COPY_CONFIRM_MS}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t('copy.copied') : label} withArrow opened={copied ? true : undefined}>
          <ActionIcon
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            size={size}
            aria-label={copied ? t('copy.copied') : label}
            onClick={(e) => {
              e.stopPropagation();
              copy();
            }}
          >
            {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}
