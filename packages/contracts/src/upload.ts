/**
 * Image upload (console.md §7 User: POST /upload, multipart field `image`, reads data.url).
 * The server checks the type by the file's content, not its name or declared type; every stored
 * file has a row in `uploads` (owner, organization, visibility), and the per-user limits below are
 * counted from those rows (issue 6).
 */
import { z } from 'zod';

export const UPLOAD_LIMITS = {
  /** Largest accepted image, in bytes (2 MB). */
  maxBytes: 2 * 1024 * 1024,
  /** Accepted image types (MIME), checked by content. */
  mimeTypes: ['image/jpeg', 'image/png', 'image/webp'] as const,
  /** The multipart field name. */
  field: 'image',
} as const;

/**
 * Per-user upload limits (issue 6), counted from the `uploads` table so they hold across processes.
 * Going over answers 429 `rate_limited` (with `Retry-After`, seconds) or 413 `payload_too_large`;
 * nothing is stored when refused.
 */
export const UPLOAD_QUOTA = {
  /** Most uploads one user may store within `windowSeconds`. */
  maxPerWindow: 20,
  /** The sliding window of `maxPerWindow`, in seconds (10 minutes). */
  windowSeconds: 10 * 60,
  /** Most bytes one user may have stored in total, over all their uploads (50 MB). */
  maxTotalBytes: 50 * 1024 * 1024,
} as const;

/**
 * What an upload is for (query `purpose` of POST /api/upload), which sets who may fetch it:
 * 'avatar' (the default) is public (anyone holding the unguessable URL); 'template_media' is
 * private to the uploader's organization and needs one.
 */
export const UPLOAD_PURPOSES = ['avatar', 'template_media'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** Who may fetch an upload of each purpose: the `uploads.visibility` stored with it. */
export const UPLOAD_VISIBILITY: Record<UploadPurpose, 'public' | 'organization'> = {
  avatar: 'public',
  template_media: 'organization',
};

const MB = 1024 * 1024;

export const UPLOAD_MESSAGES = {
  required: 'Please choose an image to upload',
  unsupported: 'Only JPEG, PNG or WebP images are accepted',
  tooLarge: 'The image must be at most 2 MB',
  malformed: 'The upload could not be read. Please choose the image again.',
  /** 429: more than UPLOAD_QUOTA.maxPerWindow uploads within the window. */
  rateLimited: `You can upload at most ${UPLOAD_QUOTA.maxPerWindow} images every ${UPLOAD_QUOTA.windowSeconds / 60} minutes. Please wait a few minutes and try again.`,
  /** 413: the image would take the user's stored total over UPLOAD_QUOTA.maxTotalBytes. */
  quotaExceeded: `You have used your ${UPLOAD_QUOTA.maxTotalBytes / MB} MB of uploads, so this image cannot be stored. Reuse an image you already uploaded.`,
  /** 403: template media belongs to an organization. */
  needsOrganization: 'Create your organization first',
  /** 400: a `purpose` other than UPLOAD_PURPOSES; names the value sent. */
  unknownPurpose: (purpose: unknown) =>
    `Unknown upload purpose ${JSON.stringify(typeof purpose === 'string' ? purpose.slice(0, 50) : purpose)}: use ${UPLOAD_PURPOSES.join(' or ')}`,
} as const;

/** Query of POST /api/upload: `purpose` (default 'avatar'); another value is a 400 naming it. */
export const uploadQuerySchema = z.object({
  purpose: z
    .enum(UPLOAD_PURPOSES, { error: (issue) => UPLOAD_MESSAGES.unknownPurpose(issue.input) })
    .default('avatar')
    .describe("What the image is for: 'avatar' (default; public) or 'template_media' (served only to the caller's organization; needs one)"),
});
export type UploadQuery = z.infer<typeof uploadQuerySchema>;
