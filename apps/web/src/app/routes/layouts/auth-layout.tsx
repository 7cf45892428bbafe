import { Outlet } from 'react-router';

/** TODO(owner: A): Auth layout */
export default function Page() {
  return <><h1>Auth layout</h1><Outlet /></>;
}
