import { Outlet } from 'react-router';

/** TODO(owner: A): company-data-first */
export default function Page() {
  return <><h1>company-data-first</h1><Outlet /></>;
}
