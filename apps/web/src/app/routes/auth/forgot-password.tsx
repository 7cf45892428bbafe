import { Outlet } from 'react-router';

/** TODO(owner: A): forgot-password */
export default function Page() {
  return <><h1>forgot-password</h1><Outlet /></>;
}
