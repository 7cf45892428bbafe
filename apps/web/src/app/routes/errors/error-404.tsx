import { Outlet } from 'react-router';

/** TODO(owner: A): Error 404 */
export default function Page() {
  return <><h1>Error 404</h1><Outlet /></>;
}
