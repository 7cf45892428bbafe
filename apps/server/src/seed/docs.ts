/**
 * Demo docs (ARCHITECTURE.md §4 DEMO_DATA; issue 14): the API documentation of `docs/api`, imported
 * with the same function as `npm run admin -- docs:import`, so the docs site has its pages on a new
 * database.
 */
import type { AppContext } from '../context.ts';
import { importDocsFromDir } from '../modules/docs/docs-import.ts';

/** Imports the repository's docs pages. @throws DocsSourceError when a page cannot be imported. */
export async function seedDemoDocs(ctx: AppContext): Promise<void> {
  await importDocsFromDir(ctx.database.db, undefined, ctx.now());
}
