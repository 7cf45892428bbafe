import { Outlet } from 'react-router';

/** TODO(owner: B): detail */
export default function Page() {
  return <><h1>detail</h1><Outlet /></>;
}
