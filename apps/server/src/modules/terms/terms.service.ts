/**
 * Terms agreement (console.md §2 Terms modal, §4 Terms, §9 versions: privacy policy 1.9, terms 1.2.2).
 * Only the current TERMS_VERSIONS can be checked or accepted (the query schema refuses others).
 */
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import type { SessionRow } from '../auth/session.service.ts';
import { hasAcceptance, insertAcceptance } from './terms.repo.ts';

/** What the terms acceptance service uses of the application context. */
export type TermsDeps = Pick<AppContext, 'database' | 'now'>;

export interface TermsVersions {
  pp_version: string;
  tnc_version: string;
}

/** Whether the caller accepted these versions. `userId` other than the caller -> 404. */
export async function termsAccepted(ctx: TermsDeps, session: SessionRow, userId: string, v: TermsVersions): Promise<boolean> {
  if (userId !== session.userId) throw notFound('user');
  return hasAcceptance(ctx.database.db, userId, v.pp_version, v.tnc_version);
}

/** Records the caller's acceptance of these versions (idempotent). `userId` other than the caller -> 404. */
export async function acceptTerms(ctx: TermsDeps, session: SessionRow, userId: string, v: TermsVersions): Promise<void> {
  if (userId !== session.userId) throw notFound('user');
  await insertAcceptance(ctx.database.db, { userId, ppVersion: v.pp_version, tncVersion: v.tnc_version, acceptedAt: ctx.now() });
}
