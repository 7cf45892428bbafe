import { Outlet } from 'react-router';

/** TODO(owner: B): edit */
export default function Page() {
  return <><h1>edit</h1><Outlet /></>;
}
