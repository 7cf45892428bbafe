/** My Application (console.md §2): page header with 'Create Application' and the application list. */
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Page } from '../../../components/page.tsx';
import { ApplicationList } from '../../../features/applications/components/application-list.tsx';

export default function ApplicationsPage() {
  return (
    <Page
      title="My Application"
      description="Your applications, their channels and keys."
      actions={
        <Button component={Link} to="/my-application/create-application" leftSection={<IconPlus size={16} aria-hidden />}>
          Create Application
        </Button>
      }
    >
      <ApplicationList />
    </Page>
  );
}
