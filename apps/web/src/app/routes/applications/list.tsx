import { Outlet } from 'react-router';

/** TODO(owner: B): list */
export default function Page() {
  return <><h1>list</h1><Outlet /></>;
}
