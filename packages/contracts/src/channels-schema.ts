/**
 * The zod schema of a channel id (channels.ts), apart from the channels themselves so that the
 * console's pages, which list and label channels on first load, load no zod (issue 28). It imports
 * no value from channels.ts: the web build keeps it with zod (apps/web/vite.config.ts ZOD_CHUNK),
 * and that chunk must not import the signed-in pages' chunks.
 */
import { z } from './zod.ts';
import type { CHANNEL_IDS } from './channels.ts';
import { VALIDATION_MESSAGES } from './server-messages.ts';

/** CHANNEL_IDS, spelled again (the type makes sure it is the same list, in the same order). */
const IDS: typeof CHANNEL_IDS = ['whatsapp', 'sms', 'sms_otp', 'call', 'voice_otp', 'email'];

/** A channel id of CHANNEL_IDS; anything else fails with VALIDATION_MESSAGES.unknownChannel. */
export const channelIdSchema = z.enum(IDS, { error: VALIDATION_MESSAGES.unknownChannel });
