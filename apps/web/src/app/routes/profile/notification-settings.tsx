import { Outlet } from 'react-router';

/** TODO(owner: A): notification-settings */
export default function Page() {
  return <><h1>notification-settings</h1><Outlet /></>;
}
