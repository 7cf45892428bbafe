import { Outlet } from 'react-router';

/** TODO(owner: A): email-verification */
export default function Page() {
  return <><h1>email-verification</h1><Outlet /></>;
}
