/**
 * Applications and their channels (console.md §2 My Application, Create/Edit application, §3, §5;
 * ARCHITECTURE.md §5, §7.5).
 */
import { singleLine } from './text-fields.ts';
import { z } from './zod.ts';
import { CHANNEL_IDS, type ChannelId } from './channels.ts';
import { channelIdSchema } from './channels-schema.ts';
import { APPLICATION_MESSAGES, MAX_PAGE, PAGE_SIZE, SENDER_LIMITS, type TokenStatus } from './application-messages.ts';
import { tooLongMessage, ZOD_MESSAGES } from './zod-messages.ts';
import { VALIDATION_MESSAGES } from './server-messages.ts';

// The messages and constants live in application-messages.ts (no zod: the console's pages import
// them on first load, issue 28); re-exported here for the server and the forms.
export { APPLICATION_MESSAGES, MAX_PAGE, PAGE_SIZE, SENDER_LIMITS, TOKEN_MESSAGES, type TokenStatus } from './application-messages.ts';

export const applicationChannelSchema = z.object({
  channel: channelIdSchema,
  senderName: singleLine(z.string().trim().max(SENDER_LIMITS.senderName, tooLongMessage('Sender name', SENDER_LIMITS.senderName)), 'Sender name', { visible: true }).optional(),
  senderNumber: z
    .string()
    .trim()
    .max(SENDER_LIMITS.senderNumber, { error: tooLongMessage('Sender number', SENDER_LIMITS.senderNumber), abort: true })
    .regex(/^(\+?[0-9]+)?$/, APPLICATION_MESSAGES.senderNumberInvalid)
    .optional(),
  senderImageUrl: singleLine(z.string().max(500, tooLongMessage('Sender image URL', 500)), 'Sender image URL').optional(),
});

export const applicationNameSchema = singleLine(
  z.string({ error: APPLICATION_MESSAGES.nameRequired }).trim().min(1, APPLICATION_MESSAGES.nameRequired).max(100, tooLongMessage('Application name', 100)),
  'Application name',
  { visible: true },
);

export const createApplicationSchema = z.object({
  applicationName: applicationNameSchema,
  channels: z
    .array(applicationChannelSchema, { error: APPLICATION_MESSAGES.channelRequired })
    .min(1, APPLICATION_MESSAGES.channelRequired)
    .max(CHANNEL_IDS.length, APPLICATION_MESSAGES.channelDuplicate)
    .refine((cs) => new Set(cs.map((c) => c.channel)).size === cs.length, APPLICATION_MESSAGES.channelDuplicate),
  requireSignature: z.boolean().optional(),
});
export type CreateApplicationInput = z.infer<typeof createApplicationSchema>;

export const updateApplicationSchema = z.object({
  applicationName: applicationNameSchema,
  channels: createApplicationSchema.shape.channels.optional(),
  requireSignature: z.boolean().optional(),
});

export const listApplicationsSchema = z.object({
  /** A filter: each channel at most once, so never more items than channels (issue 23 item 21). */
  channel_id: z.array(channelIdSchema).max(CHANNEL_IDS.length, ZOD_MESSAGES.atMostItems('`channel_id`', CHANNEL_IDS.length)).default([]),
  search: singleLine(z.string().trim().max(100, tooLongMessage('Search', 100)), 'Search').default(''),
  page: z.coerce.number().int().min(1).max(MAX_PAGE, VALIDATION_MESSAGES.pageTooLarge(MAX_PAGE)).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE),
});
export type ListApplicationsInput = z.infer<typeof listApplicationsSchema>;

export interface ApplicationChannel {
  channel: ChannelId;
  channel_name: string;
  senderName?: string | null;
  senderNumber?: string | null;
}

/** An application as the console API returns it (console.md §3 Application). */
export interface Application {
  id: string;
  application_name: string;
  organization_id: string;
  user_id: string;
  billing_type: 'pre-paid' | 'post-paid';
  require_signature: boolean;
  created_at: string;
  updated_at: string;
  channels: ApplicationChannel[];
  /** The WhatsApp sender the operator connected (ARCHITECTURE.md §4), on the detail answer only; null when none. */
  whatsapp_sender?: WhatsappSenderOut | null;
}

/** Zod form of an application's WhatsApp sender, read-only in the console. */
export const whatsappSenderOutSchema = z.object({
  display_name: z.string(),
  phone_number_id: z.string(),
  waba_id: z.string(),
  messages_per_second: z.number().int().nullable(),
});
export type WhatsappSenderOut = z.infer<typeof whatsappSenderOutSchema>;

/** A paged list answer: `{data, page, limit, pages, total}` (console.md §3). */
export interface Paged<T> {
  data: T[];
  page: number;
  limit: number;
  pages: number;
  total: number;
}

export const generateTokenSchema = z.object({ channel: channelIdSchema });

/** A token entry as listed for the detail page: never holds key material. */
export interface TokenEntry {
  id: string;
  application_id: string;
  channel: ChannelId;
  is_revoke: boolean;
  updated_at: string;
}

export { CHANNEL_IDS };

/** One channel of `GET /api/channel`: `{id, name}` where name is the console label (ARCHITECTURE.md §5). */
export interface ChannelListEntry {
  id: ChannelId;
  name: string;
}

export const channelListResponseSchema = z.object({
  data: z.array(z.object({ id: channelIdSchema, name: z.string() })),
});

/** Zod form of {@link ApplicationChannel}, for response schemas and client parsing. */
export const applicationChannelOutSchema = z.object({
  channel: channelIdSchema,
  channel_name: z.string(),
  senderName: z.string().nullable().optional(),
  senderNumber: z.string().nullable().optional(),
});

/** Zod form of {@link Application}; dates are ISO 8601 strings. */
export const applicationOutSchema = z.object({
  id: z.string(),
  application_name: z.string(),
  organization_id: z.string(),
  user_id: z.string(),
  billing_type: z.enum(['pre-paid', 'post-paid']),
  require_signature: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  channels: z.array(applicationChannelOutSchema),
  whatsapp_sender: whatsappSenderOutSchema.nullable().optional(),
});

/** `POST /api/application/list` answer. */
export const applicationListResponseSchema = z.object({
  data: z.array(applicationOutSchema),
  page: z.number().int(),
  limit: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});

/** `POST /api/application` answer (201): the new id and the application. */
export const createApplicationResponseSchema = z.object({ id: z.string(), data: applicationOutSchema });
/** `GET /api/application/{id}` answer. */
export const applicationResponseSchema = z.object({ data: applicationOutSchema });
/** `PUT /api/application/{id}` answer; `message` is APPLICATION_MESSAGES.editSuccessMessage. */
export const updateApplicationResponseSchema = z.object({ data: applicationOutSchema, message: z.string() });
export type UpdateApplicationInput = z.infer<typeof updateApplicationSchema>;

/** `POST /api/auth/rsa/generate-token` body: the application id (console.md §7). */
export const rsaGenerateTokenSchema = z.object({
  application: z.string({ error: ZOD_MESSAGES.required('application') }).trim().min(1, ZOD_MESSAGES.required('application')),
});

/**
 * One token card of the application detail page (`GET /api/application/{id}/tokens`, console.md §4):
 * status from the channel's latest token; `id` and `updated_at` (ISO) are null when none exists.
 */
export interface TokenStatusEntry {
  channel: ChannelId;
  status: TokenStatus;
  id: string | null;
  updated_at: string | null;
}

export const tokenStatusListResponseSchema = z.object({
  data: z.array(
    z.object({
      channel: channelIdSchema,
      status: z.enum(['Not Generated', 'Active', 'InActive']),
      id: z.string().nullable(),
      updated_at: z.string().nullable(),
    }),
  ),
});
