import { Outlet } from 'react-router';

/** TODO(owner: A): register */
export default function Page() {
  return <><h1>register</h1><Outlet /></>;
}
