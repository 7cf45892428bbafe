import { Outlet } from 'react-router';

/** TODO(owner: A): edit-profile */
export default function Page() {
  return <><h1>edit-profile</h1><Outlet /></>;
}
