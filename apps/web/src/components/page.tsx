/**
 * A console page: the header (title, breadcrumbs, actions) above the content. Contrast comes from
 * the theme (app/provider.tsx, app/theme.css).
 */
import type { ReactNode } from 'react';
import { Box } from '@mantine/core';
import { PageHeader, type PageHeaderProps } from './page-header.tsx';

export function Page({ children, ...header }: PageHeaderProps & { children: ReactNode }) {
  return (
    <Box>
      <Box mb="lg">
        <PageHeader {...header} />
      </Box>
      {children}
    </Box>
  );
}
