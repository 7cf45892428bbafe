/**
 * The operator's per-application /v1 send limit (ARCHITECTURE.md §6.5, issue 24 item 5):
 * `npm run admin -- rate --app <id> --per-second N` (or `--per-second default`). The limit is read
 * with the access token on every send and applied in memory (engine/send-rate.ts).
 */
import { z } from 'zod';
import { SERVER_MESSAGES } from '@pesan/contracts/server-messages';
import type { Db } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { updateSendRate } from './engine/send-rate.repo.ts';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PER_SECOND = '--per-second must be a whole number of messages per second from 1 to 1000000, or default';

/** The `rate` command's options, with the CLI's names. */
export const sendRateShape = {
  app: z.string({ error: '--app is required' }).trim().regex(UUID_RE, '--app must be an application id'),
  'per-second': z.union([z.literal('default'), z.coerce.number({ error: PER_SECOND }).int(PER_SECOND).min(1, PER_SECOND).max(1_000_000, PER_SECOND)], { error: PER_SECOND }),
};
export type SendRateInput = z.output<z.ZodObject<typeof sendRateShape>>;

/** What `rate` did: the application and its limit before and after (null = the default). */
export interface SendRateChange {
  applicationId: string;
  applicationName: string;
  before: number | null;
  after: number | null;
}

/**
 * Sets application `input.app`'s send limit in messages per second (`default`: back to
 * V1_RATE_LIMIT per minute). Every process applies it from the next send of the application.
 * @throws AppError not_found 'Application <id> not found'.
 */
export async function setSendRate(db: Db, input: SendRateInput, now: Date): Promise<SendRateChange> {
  const after = input['per-second'] === 'default' ? null : input['per-second'];
  const r = await updateSendRate(db, input.app, after, now);
  if (!r) throw new AppError('not_found', SERVER_MESSAGES.applicationIdNotFound(input.app));
  return { applicationId: input.app, applicationName: r.name, before: r.before, after };
}
