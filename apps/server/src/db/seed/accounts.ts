import type { DemoIds } from '../seed.ts';
import type { AppContext } from '../../context.ts';

/** Demo accounts (ARCHITECTURE.md §4 DEMO_DATA). TODO(owner: S1). */
export async function seedDemoAccounts(_ctx: AppContext, _ids: DemoIds): Promise<void> {}


