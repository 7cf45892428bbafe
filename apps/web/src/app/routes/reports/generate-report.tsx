import { Outlet } from 'react-router';

/** TODO(owner: later): Generate Report */
export default function Page() {
  return <><h1>Generate Report</h1><Outlet /></>;
}
