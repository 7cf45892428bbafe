import { Outlet } from 'react-router';

/** TODO(owner: A): Not found */
export default function Page() {
  return <><h1>Not found</h1><Outlet /></>;
}
