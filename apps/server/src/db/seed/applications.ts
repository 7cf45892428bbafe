import type { DemoIds } from '../seed.ts';
import type { AppContext } from '../../context.ts';

/** Demo applications (ARCHITECTURE.md §4 DEMO_DATA). TODO(owner: S2). */
export async function seedDemoApplications(_ctx: AppContext, _ids: DemoIds): Promise<void> {}


