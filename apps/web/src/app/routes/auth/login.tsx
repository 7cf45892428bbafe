import { Outlet } from 'react-router';

/** TODO(owner: A): login */
export default function Page() {
  return <><h1>login</h1><Outlet /></>;
}
