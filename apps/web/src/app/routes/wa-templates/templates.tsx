import { Outlet } from 'react-router';

/** TODO(owner: later): Whatsapp Template */
export default function Page() {
  return <><h1>Whatsapp Template</h1><Outlet /></>;
}
