import { Outlet } from 'react-router';

/** TODO(owner: later): API Docs */
export default function Page() {
  return <><h1>API Docs</h1><Outlet /></>;
}
