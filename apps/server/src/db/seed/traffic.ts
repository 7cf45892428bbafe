import type { DemoIds } from '../seed.ts';
import type { AppContext } from '../../context.ts';

/** Demo traffic (ARCHITECTURE.md §4 DEMO_DATA). TODO(owner: S3). */
export async function seedDemoTraffic(_ctx: AppContext, _ids: DemoIds): Promise<void> {}


