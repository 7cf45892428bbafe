import { Outlet } from 'react-router';

/** TODO(owner: A): change-password */
export default function Page() {
  return <><h1>change-password</h1><Outlet /></>;
}
