/**
 * A console page: the header (title, breadcrumbs, actions) above the content, inside a scope that
 * raises Mantine's light-scheme text colours (dimmed, error, anchor, primary filled) to WCAG AA
 * contrast, so axe finds no serious colour-contrast violations (ARCHITECTURE.md §8).
 */
import type { CSSProperties, ReactNode } from 'react';
import { Box } from '@mantine/core';
import { PageHeader, type PageHeaderProps } from './page-header.tsx';

/** CSS variables that lift Mantine's default light colours to at least 4.5:1 on white. */
export const CONTRAST_VARS = {
  '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
  '--mantine-color-error': 'var(--mantine-color-red-8)',
  '--mantine-color-anchor': 'var(--mantine-color-blue-8)',
  '--mantine-primary-color-filled': 'var(--mantine-color-blue-8)',
  '--mantine-primary-color-filled-hover': 'var(--mantine-color-blue-9)',
  '--mantine-primary-color-light-color': 'var(--mantine-color-blue-9)',
  '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
} as CSSProperties;

export function Page({ children, ...header }: PageHeaderProps & { children: ReactNode }) {
  return (
    <Box style={CONTRAST_VARS}>
      <PageHeader {...header} />
      {children}
    </Box>
  );
}
