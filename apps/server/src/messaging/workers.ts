import type { AppContext } from '../context.ts';

/** Registers the dispatch and sandbox-lifecycle workers on ctx.boss (ARCHITECTURE.md §6). */
export async function registerMessagingWorkers(_ctx: AppContext): Promise<void> {}
