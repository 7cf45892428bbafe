import { Outlet } from 'react-router';

/** TODO(owner: A): Main layout */
export default function Page() {
  return <><h1>Main layout</h1><Outlet /></>;
}
