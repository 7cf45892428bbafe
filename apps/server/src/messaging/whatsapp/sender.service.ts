/**
 * WhatsApp senders (ARCHITECTURE.md §4 `whatsapp:sender`): the operator connects an application to
 * its WABA and Cloud API phone number; the console shows it read-only on the application page.
 */
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../idempotency.ts';
import { findLiveApplication, findSenderByApplication, findSendersByWaba, upsertSender, type WhatsappSender } from './senders.repo.ts';
import { SERVER_MESSAGES } from '@pesan/contracts/server-messages';
import { singleLine } from '@pesan/contracts/text-fields';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Meta's ids (WABA, phone number) are decimal digits. */
const metaId = (flag: string) =>
  z
    .string({ error: `${flag} is required` })
    .trim()
    .regex(/^\d{5,32}$/, `${flag} must be Meta's numeric id (digits only)`);

/** The operator input of `whatsapp:sender` (CLI option names). */
export const whatsappSenderShape = {
  app: z.string({ error: '--app is required' }).trim().regex(UUID_RE, '--app must be an application id'),
  'waba-id': metaId('--waba-id'),
  'phone-number-id': metaId('--phone-number-id'),
  'display-name': singleLine(z.string({ error: '--display-name is required' }).trim().min(1, '--display-name is required').max(100, '--display-name must be at most 100 characters'), '--display-name', { visible: true }),
  /** Messages per second on this number; absent = WHATSAPP_RATE. */
  rate: z.coerce
    .number({ error: '--rate must be a whole number of messages per second' })
    .int('--rate must be a whole number of messages per second')
    .min(1, '--rate must be at least 1')
    .max(1000, '--rate must be at most 1000')
    .optional(),
};
export type WhatsappSenderInput = z.output<z.ZodObject<typeof whatsappSenderShape>>;

/** What `whatsapp:sender` did: the application, the sender before (null: none) and after. */
export interface SenderChange {
  applicationId: string;
  applicationName: string;
  before: WhatsappSender | null;
  after: WhatsappSender;
}

/**
 * Sets the WhatsApp sender of application `input.app` (replacing any), at `now`.
 * @throws AppError not_found 'Application <id> not found'; invalid_request when another application
 *   already sends from that phone number id (a number belongs to one application).
 */
export async function setWhatsappSender(db: Db, input: WhatsappSenderInput, now: Date): Promise<SenderChange> {
  const app = await findLiveApplication(db, input.app);
  if (!app) throw new AppError('not_found', SERVER_MESSAGES.applicationIdNotFound(input.app));
  const before = await findSenderByApplication(db, app.id);
  try {
    const after = await upsertSender(
      db,
      {
        applicationId: app.id,
        organizationId: app.organizationId,
        wabaId: input['waba-id'],
        phoneNumberId: input['phone-number-id'],
        displayName: input['display-name'],
        messagesPerSecond: input.rate ?? null,
      },
      now,
    );
    return { applicationId: app.id, applicationName: app.name, before, after };
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new AppError('invalid_request', SERVER_MESSAGES.phoneNumberIdTaken(input['phone-number-id']), [
        { path: 'phone-number-id', message: SERVER_MESSAGES.phoneNumberIdTakenDetail },
      ]);
    }
    throw err;
  }
}

/** The WhatsApp sender of application `applicationId` of organization `organizationId`, or null (console, read-only). */
export async function applicationSender(db: Db, organizationId: string, applicationId: string): Promise<WhatsappSender | null> {
  const sender = await findSenderByApplication(db, applicationId);
  return sender && sender.organizationId === organizationId ? sender : null;
}

/** The applications of organization `organizationId` whose WhatsApp sender uses WABA `wabaId` (they hear of its template decisions). */
export async function applicationsOfWaba(db: Db, organizationId: string, wabaId: string): Promise<string[]> {
  return (await findSendersByWaba(db, organizationId, wabaId)).map((s) => s.applicationId);
}
