import type { AppContext } from '../context.ts';

export const DEMO_LOGIN = { email: 'demo@pesan.local', password: 'Demo@1234' } as const;

/** Seeds demo data into a new database (ARCHITECTURE.md §4 DEMO_DATA). Returns whether it seeded. */
export async function seedDemoData(_ctx: AppContext): Promise<boolean> {
  return false;
}
