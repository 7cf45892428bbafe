import { Outlet } from 'react-router';

/** TODO(owner: later): Overview */
export default function Page() {
  return <><h1>Overview</h1><Outlet /></>;
}
