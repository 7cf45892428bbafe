import { Outlet } from 'react-router';

/** TODO(owner: B): create */
export default function Page() {
  return <><h1>create</h1><Outlet /></>;
}
