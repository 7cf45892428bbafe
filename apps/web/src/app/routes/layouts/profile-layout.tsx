import { Outlet } from 'react-router';

/** TODO(owner: A): Profile layout */
export default function Page() {
  return <><h1>Profile layout</h1><Outlet /></>;
}
