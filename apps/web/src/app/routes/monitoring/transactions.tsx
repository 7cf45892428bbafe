import { Outlet } from 'react-router';

/** TODO(owner: B): Monitoring */
export default function Page() {
  return <><h1>Monitoring</h1><Outlet /></>;
}
