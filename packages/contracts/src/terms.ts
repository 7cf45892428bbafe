/**
 * The current terms versions, without zod (issue 28): the console's signed-in shell asks whether
 * they are accepted on every page. auth.ts re-exports them beside the terms query schema.
 */

/** Terms versions (console.md §9). */
export const TERMS_VERSIONS = { pp_version: '1.9', tnc_version: '1.2.2' } as const;
