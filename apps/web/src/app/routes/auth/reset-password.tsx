import { Outlet } from 'react-router';

/** TODO(owner: A): reset-password */
export default function Page() {
  return <><h1>reset-password</h1><Outlet /></>;
}
