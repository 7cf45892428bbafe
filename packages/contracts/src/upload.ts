/**
 * Uploads (console.md §7 User: POST /upload, multipart field `image`, reads data.url; issue 6) and
 * template media (issue 13; templates-dashboard-reports.md §5.4, §9 media limits: POST
 * /upload?purpose=template_media, multipart field `file`, reads `{data: {url, handle}}`).
 * The server checks the type by the file's content (magic bytes), not its name or declared type;
 * every stored file has a row in `uploads` (owner, organization, visibility), and the limits below
 * are counted from those rows.
 */
import { z } from './zod.ts';

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
  /** Most bytes one user may have stored in total over their avatar images (50 MB); template media counts per organization (TEMPLATE_MEDIA_QUOTA). */
  maxTotalBytes: 50 * 1024 * 1024,
} as const;

const MiB = 1024 * 1024;

/**
 * Template media (`purpose=template_media`, the sample file of a media header; §5.4, §9): each
 * accepted type (MIME, recognised by content) with its stored extension, the header kind it serves
 * and its largest size. Meta's own limits for header samples: JPEG or PNG up to 5 MB, MP4 up to
 * 16 MB, PDF up to 100 MB.
 */
export const TEMPLATE_MEDIA_TYPES = {
  'image/jpeg': { ext: 'jpg', kind: 'image', maxBytes: 5 * MiB },
  'image/png': { ext: 'png', kind: 'image', maxBytes: 5 * MiB },
  'video/mp4': { ext: 'mp4', kind: 'video', maxBytes: 16 * MiB },
  'application/pdf': { ext: 'pdf', kind: 'document', maxBytes: 100 * MiB },
} as const;
export type TemplateMediaMime = keyof typeof TEMPLATE_MEDIA_TYPES;

export const TEMPLATE_MEDIA_LIMITS = {
  /** The multipart field the editor sends (`image` is taken too). */
  field: 'file',
  /** Largest file of any type (the PDF limit, 100 MB): a body over it is cut off unread. */
  maxBytes: 100 * MiB,
} as const;

/**
 * Storage for template media, per ORGANIZATION (the samples belong to its templates, whoever of
 * its members uploaded them): 500 MB in total, room for a few of the largest PDFs Meta takes and
 * hundreds of images. Going over answers 413 `payload_too_large` TEMPLATE_MEDIA_MESSAGES.quotaExceeded
 * and stores nothing. The per-user rate limit of UPLOAD_QUOTA applies to template media too.
 */
export const TEMPLATE_MEDIA_QUOTA = {
  /** Most bytes of template media one organization may have stored (500 MB). */
  maxTotalBytesPerOrganization: 500 * MiB,
} as const;

const mb = (bytes: number) => `${bytes / MiB} MB`;
const TEMPLATE_MEDIA_LABELS: Record<TemplateMediaMime, string> = { 'image/jpeg': 'JPEG image', 'image/png': 'PNG image', 'video/mp4': 'MP4 video', 'application/pdf': 'PDF document' };

export const TEMPLATE_MEDIA_MESSAGES = {
  required: 'Please choose a file to upload',
  /** 415: the content is none of TEMPLATE_MEDIA_TYPES (whatever the name or declared type says). */
  unsupported: 'Only JPEG or PNG images, MP4 videos or PDF documents are accepted as template media',
  /** 413: over the limit of the type the content shows. */
  tooLarge: (mime: TemplateMediaMime) => `This ${TEMPLATE_MEDIA_LABELS[mime]} is too large: a ${TEMPLATE_MEDIA_LABELS[mime]} can be at most ${mb(TEMPLATE_MEDIA_TYPES[mime].maxBytes)}`,
  /** 413: a body over TEMPLATE_MEDIA_LIMITS.maxBytes, before its type is known. */
  tooLargeAny: `The file must be at most ${mb(TEMPLATE_MEDIA_LIMITS.maxBytes)} (JPEG or PNG up to 5 MB, MP4 up to 16 MB, PDF up to 100 MB)`,
  /** 413: the organization's template media would exceed TEMPLATE_MEDIA_QUOTA. */
  quotaExceeded: `Your organization has used its ${mb(TEMPLATE_MEDIA_QUOTA.maxTotalBytesPerOrganization)} of template media, so this file cannot be stored. Reuse a file you already uploaded.`,
} as const;

/**
 * Meta's `header_handle` stand-in for a stored template media file (Meta's resumable upload answers
 * an opaque `h` such as `4::aW1hZ2UvcG5n:ARb…`): `4::` + base64 of the MIME type + `:` + base64url
 * of the stored name. Opaque to customers; templateMediaName reads it back.
 */
export function templateMediaHandle(name: string, mime: string): string {
  return `4::${btoa(mime)}:${btoa(name).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
}

/** The stored name a handle of templateMediaHandle names, or null for any other string (Meta's own handles, URLs). */
export function templateMediaName(handle: string): string | null {
  const m = /^4::[A-Za-z0-9+/=]+:([A-Za-z0-9_-]{1,100})$/.exec(handle);
  if (!m) return null;
  try {
    const name = atob(m[1]!.replace(/-/g, '+').replace(/_/g, '/'));
    return /^[a-f0-9]{32}\.(jpg|png|mp4|pdf)$/.test(name) ? name : null;
  } catch {
    return null;
  }
}

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

const MB = MiB;

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
    .describe(
      "What the file is for: 'avatar' (default; public; field `image`: JPEG, PNG or WebP up to 2 MB) or 'template_media' (a media header's sample, served only to the caller's organization, which it needs; field `file`: JPEG or PNG up to 5 MB, MP4 up to 16 MB, PDF up to 100 MB)",
    ),
});
export type UploadQuery = z.infer<typeof uploadQuerySchema>;
