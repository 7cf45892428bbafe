import { Outlet } from 'react-router';

/** TODO(owner: A): edit-organization */
export default function Page() {
  return <><h1>edit-organization</h1><Outlet /></>;
}
