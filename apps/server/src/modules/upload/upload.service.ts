/**
 * Uploads (console.md §7 User: POST /upload with field `image`, reads data.url; issue 6): avatar
 * images, JPEG, PNG or WebP recognised by CONTENT (not name or declared type), at most
 * UPLOAD_LIMITS.maxBytes (2 MB); and template media (issue 13, `purpose=template_media`): JPEG or
 * PNG up to 5 MB, MP4 up to 16 MB, PDF up to 100 MB (TEMPLATE_MEDIA_TYPES), recognised by content
 * and streamed to disk (never held in memory). Files are stored as
 * `DATA_DIR/uploads/<32 hex>.<ext>` with one `uploads` row (owner, organization, MIME type, size,
 * visibility) per file. Limits are counted from those rows: per user 20 uploads per 10 minutes and
 * 50 MB of avatars (UPLOAD_QUOTA); per organization 500 MB of template media
 * (TEMPLATE_MEDIA_QUOTA). A file is served only when its row exists: public ones to anyone,
 * organization ones only to a signed-in member.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import {
  TEMPLATE_MEDIA_LIMITS,
  TEMPLATE_MEDIA_MESSAGES,
  TEMPLATE_MEDIA_QUOTA,
  TEMPLATE_MEDIA_TYPES,
  UPLOAD_LIMITS,
  UPLOAD_MESSAGES,
  UPLOAD_QUOTA,
  UPLOAD_VISIBILITY,
  templateMediaHandle,
  type TemplateMediaMime,
  type UploadPurpose,
} from '@pesan/contracts/upload';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import {
  deleteUploads,
  findOrganizationMediaBefore,
  findUpload,
  findUserUpload,
  insertUpload,
  lockOrganizationUploads,
  lockUserUploads,
  nthRecentUploadAt,
  totalOrganizationMediaBytes,
  totalUploadBytes,
} from './upload.repo.ts';

/** What the uploads service uses of the application context. */
export type UploadDeps = Pick<AppContext, 'database' | 'config' | 'now'>;

const EXT_BY_MIME: Record<(typeof UPLOAD_LIMITS.mimeTypes)[number], 'jpg' | 'png' | 'webp'> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** Names the server gives uploads; anything else (paths, dots, other extensions) is refused. */
export const UPLOAD_NAME = /^[a-f0-9]{32}\.(jpg|png|webp|mp4|pdf)$/;

/** Who uploads: the signed-in user and their organization (null before they create one). */
export interface Uploader {
  userId: string;
  organizationId: string | null;
}

/** Who asks for a file: the signed-in user's organization, or null when anonymous. */
export type Viewer = { organizationId: string | null } | null;

const uploadsDir = (ctx: UploadDeps) => join(ctx.config.dataDir, 'uploads');

/**
 * Refuses an upload of `size` bytes by `uploader` at `now` when it would break UPLOAD_QUOTA, or for
 * template media TEMPLATE_MEDIA_QUOTA.
 * @throws 429 `rate_limited` UPLOAD_MESSAGES.rateLimited with header `Retry-After` (whole seconds
 *   until the window frees a slot, at least 1) when the user already stored `maxPerWindow` uploads
 *   in the last `windowSeconds`; 413 `payload_too_large` UPLOAD_MESSAGES.quotaExceeded when the
 *   user's avatar bytes plus `size` exceed `maxTotalBytes`, TEMPLATE_MEDIA_MESSAGES.quotaExceeded
 *   when the organization's template media plus `size` exceed `maxTotalBytesPerOrganization`.
 */
async function refuseOverLimits(db: Db, uploader: Uploader, purpose: UploadPurpose, size: number, now: Date): Promise<void> {
  const userId = uploader.userId;
  const windowMs = UPLOAD_QUOTA.windowSeconds * 1000;
  const nth = await nthRecentUploadAt(db, userId, new Date(now.getTime() - windowMs), UPLOAD_QUOTA.maxPerWindow);
  if (nth) {
    // Concurrent uploads may stamp rows a moment after this request's `now`: a slot frees within
    // the window either way.
    const retryAfter = Math.min(UPLOAD_QUOTA.windowSeconds, Math.max(1, Math.ceil((nth.getTime() + windowMs - now.getTime()) / 1000)));
    throw new AppError('rate_limited', UPLOAD_MESSAGES.rateLimited, undefined, { 'Retry-After': String(retryAfter) });
  }
  if (UPLOAD_VISIBILITY[purpose] === 'organization') {
    const used = uploader.organizationId ? await totalOrganizationMediaBytes(db, uploader.organizationId) : 0;
    if (used + size > TEMPLATE_MEDIA_QUOTA.maxTotalBytesPerOrganization) throw new AppError('payload_too_large', TEMPLATE_MEDIA_MESSAGES.quotaExceeded);
  } else if ((await totalUploadBytes(db, userId)) + size > UPLOAD_QUOTA.maxTotalBytes) {
    throw new AppError('payload_too_large', UPLOAD_MESSAGES.quotaExceeded);
  }
}

/** 403 `forbidden` UPLOAD_MESSAGES.needsOrganization for organization media without an organization. */
function refuseWithoutOrganization(uploader: Uploader, purpose: UploadPurpose): void {
  if (UPLOAD_VISIBILITY[purpose] === 'organization' && !uploader.organizationId) {
    throw new AppError('forbidden', UPLOAD_MESSAGES.needsOrganization);
  }
}

/**
 * The checks that need no file, run before the body is read so a refused caller's image is
 * never buffered: the organization rule and the per-user limits for a file of at least one byte.
 * @throws 403 `forbidden` ('Create your organization first') for 'template_media' without an
 *   organization; 429 `rate_limited` (with `Retry-After`) or 413 `payload_too_large` as
 *   refuseOverLimits.
 */
export async function checkMayUpload(ctx: UploadDeps, uploader: Uploader, purpose: UploadPurpose): Promise<void> {
  refuseWithoutOrganization(uploader, purpose);
  await refuseOverLimits(ctx.database.db, uploader, purpose, 1, ctx.now());
}

/**
 * Checks `bytes` and stores them for `uploader`: writes the file, then (in one transaction that
 * serialises the user's uploads) re-checks the limits and inserts its `uploads` row with
 * visibility UPLOAD_VISIBILITY[purpose] and `created_at` = ctx.now(). File and row stay
 * consistent: a failed write leaves no file and no row; a refused or failed insert removes the file.
 * @returns `{url}`: `${PUBLIC_URL}/api/uploads/<name>`.
 * @throws 403 `forbidden` for 'template_media' without an organization; 413 `payload_too_large`
 *   above 2 MB (UPLOAD_MESSAGES.tooLarge) or over the user's 50 MB total
 *   (UPLOAD_MESSAGES.quotaExceeded); 415 `unsupported_media_type` unless the content is JPEG, PNG
 *   or WebP; 429 `rate_limited` with `Retry-After` (seconds) after 20 uploads in 10 minutes.
 *   Nothing is stored in any of these cases.
 */
export async function storeImage(ctx: UploadDeps, uploader: Uploader, purpose: UploadPurpose, bytes: Buffer): Promise<{ url: string }> {
  refuseWithoutOrganization(uploader, purpose);
  if (bytes.length > UPLOAD_LIMITS.maxBytes) throw new AppError('payload_too_large', UPLOAD_MESSAGES.tooLarge);
  const type = await fileTypeFromBuffer(bytes);
  const mime = type?.mime as keyof typeof EXT_BY_MIME | undefined;
  const ext = mime ? EXT_BY_MIME[mime] : undefined;
  if (!mime || !ext) throw new AppError('unsupported_media_type', UPLOAD_MESSAGES.unsupported);
  const db = ctx.database.db;
  const now = ctx.now();
  // Refuse before writing anything; re-checked under the lock below against concurrent uploads.
  await refuseOverLimits(db, uploader, purpose, bytes.length, now);

  const name = `${randomBytes(16).toString('hex')}.${ext}`;
  const path = join(uploadsDir(ctx), name);
  await mkdir(uploadsDir(ctx), { recursive: true });
  try {
    await writeFile(path, bytes, { flag: 'wx', mode: 0o644 });
  } catch (err) {
    // A partly written file goes; an existing one (EEXIST, another upload's) stays.
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') await rm(path, { force: true }).catch(() => undefined);
    throw err;
  }
  await recordUpload(ctx, uploader, purpose, { name, path, mime, size: bytes.length, now });
  return { url: `${ctx.config.publicUrl}/api/uploads/${name}` };
}

/**
 * Inserts the `uploads` row of the file just written at `path`, in one transaction that
 * serialises the user's uploads (and the organization's template media) and re-checks the limits
 * under those locks. A refused or failed insert removes the file.
 */
async function recordUpload(
  ctx: UploadDeps,
  uploader: Uploader,
  purpose: UploadPurpose,
  file: { name: string; path: string; mime: string; size: number; now: Date },
): Promise<void> {
  try {
    await ctx.database.db.transaction(async (tx) => {
      await lockUserUploads(tx, uploader.userId);
      if (UPLOAD_VISIBILITY[purpose] === 'organization' && uploader.organizationId) await lockOrganizationUploads(tx, uploader.organizationId);
      await refuseOverLimits(tx, uploader, purpose, file.size, file.now);
      await insertUpload(tx, {
        name: file.name,
        userId: uploader.userId,
        organizationId: uploader.organizationId,
        mime: file.mime,
        size: file.size,
        visibility: UPLOAD_VISIBILITY[purpose],
        createdAt: file.now,
      });
    });
  } catch (err) {
    await rm(file.path, { force: true }).catch(() => undefined);
    throw err;
  }
}

/** Bytes file-type reads to recognise a type. */
const SNIFF_BYTES = 4100;

/** The template media type `head` (the first bytes of a file) shows, or null for any other content. */
async function templateMediaType(head: Buffer): Promise<TemplateMediaMime | null> {
  const type = await fileTypeFromBuffer(head);
  const mime = type?.mime as string | undefined;
  return mime && mime in TEMPLATE_MEDIA_TYPES ? (mime as TemplateMediaMime) : null;
}

/**
 * Checks and stores a template media file (a media header's sample; issue 13) read from `file`
 * (the multipart part's stream, consumed to its end whatever happens; `truncated()` says whether
 * the parser cut it at TEMPLATE_MEDIA_LIMITS.maxBytes). The type comes from the first bytes; the
 * file is streamed to disk and refused as soon as it passes its type's limit. The row is recorded
 * as storeImage does, with visibility 'organization'.
 * @returns `{url, handle}`: where the console shows it, and the `header_handle` the template stores
 *   (templateMediaHandle: `4::…`, Meta's upload handle stand-in).
 * @throws 400 `invalid_request` TEMPLATE_MEDIA_MESSAGES.required for an empty file; 403 without an
 *   organization; 413 `payload_too_large` over the type's limit (TEMPLATE_MEDIA_MESSAGES.tooLarge),
 *   over 100 MB (tooLargeAny) or over the organization's 500 MB (quotaExceeded); 415
 *   `unsupported_media_type` TEMPLATE_MEDIA_MESSAGES.unsupported unless the content is JPEG, PNG,
 *   MP4 or PDF; 429 as storeImage. Nothing is stored in any of these cases.
 */
export async function storeTemplateMedia(ctx: UploadDeps, uploader: Uploader, file: Readable & { truncated?: boolean }): Promise<{ url: string; handle: string }> {
  refuseWithoutOrganization(uploader, 'template_media');
  const now = ctx.now();
  const dir = uploadsDir(ctx);
  let refusal: AppError | null = null;
  let mime: TemplateMediaMime | null = null;
  let name = '';
  let path = '';
  let handle: Awaited<ReturnType<typeof open>> | null = null;
  let size = 0;
  const head: Buffer[] = [];
  let headBytes = 0;

  /** Decides the type from the bytes read so far, then opens the file and writes them. */
  const start = async () => {
    const first = Buffer.concat(head);
    head.length = 0;
    mime = await templateMediaType(first);
    if (!mime) {
      refusal = new AppError('unsupported_media_type', TEMPLATE_MEDIA_MESSAGES.unsupported);
      return;
    }
    // Refuse before writing anything when the organization is already full.
    await refuseOverLimits(ctx.database.db, uploader, 'template_media', Math.max(1, Math.min(first.length, TEMPLATE_MEDIA_TYPES[mime].maxBytes)), now);
    name = `${randomBytes(16).toString('hex')}.${TEMPLATE_MEDIA_TYPES[mime].ext}`;
    path = join(dir, name);
    await mkdir(dir, { recursive: true });
    handle = await open(path, 'wx', 0o644);
    await write(first);
  };
  const write = async (chunk: Buffer) => {
    size += chunk.length;
    if (size > TEMPLATE_MEDIA_TYPES[mime!].maxBytes) {
      refusal = new AppError('payload_too_large', TEMPLATE_MEDIA_MESSAGES.tooLarge(mime!));
      return;
    }
    await handle!.write(chunk);
  };

  try {
    try {
      for await (const chunk of file as AsyncIterable<Buffer>) {
        // Once refused, the rest of the body is read and dropped (the parser needs it consumed).
        if (refusal) continue;
        if (mime) {
          await write(chunk);
          continue;
        }
        head.push(chunk);
        headBytes += chunk.length;
        if (headBytes >= SNIFF_BYTES) await start();
      }
    } catch (err) {
      if (err instanceof AppError) throw err;
      // A malformed or truncated body, however busboy words it.
      throw new AppError('invalid_request', UPLOAD_MESSAGES.malformed);
    }
    if (!refusal && !mime) {
      if (headBytes === 0) throw new AppError('invalid_request', TEMPLATE_MEDIA_MESSAGES.required, [{ path: TEMPLATE_MEDIA_LIMITS.field, message: TEMPLATE_MEDIA_MESSAGES.required }]);
      await start();
    }
    if (!refusal && file.truncated) refusal = new AppError('payload_too_large', mime ? TEMPLATE_MEDIA_MESSAGES.tooLarge(mime) : TEMPLATE_MEDIA_MESSAGES.tooLargeAny);
    if (refusal) throw refusal;
    await (handle as Awaited<ReturnType<typeof open>> | null)?.close();
    handle = null;
  } catch (err) {
    await (handle as Awaited<ReturnType<typeof open>> | null)?.close().catch(() => undefined);
    if (path) await rm(path, { force: true }).catch(() => undefined);
    throw err;
  }
  await recordUpload(ctx, uploader, 'template_media', { name, path, mime: mime!, size, now });
  return { url: `${ctx.config.publicUrl}/api/uploads/${name}`, handle: templateMediaHandle(name, mime!) };
}

/**
 * Whether `url` names an avatar image `userId` uploaded (issue 6: an avatar must be the user's own
 * upload): `${PUBLIC_URL}/api/uploads/<name>` or the same path without the origin, with a name
 * matching UPLOAD_NAME, an `uploads` row of `userId` with visibility 'public' (purpose 'avatar'),
 * and the file on disk. Another user's upload, organization media, or an unknown name is false.
 */
export async function isOwnAvatarUpload(ctx: UploadDeps, userId: string, url: string): Promise<boolean> {
  const prefix = '/api/uploads/';
  const path = url.startsWith(ctx.config.publicUrl + prefix) ? url.slice(ctx.config.publicUrl.length) : url;
  if (!path.startsWith(prefix)) return false;
  const name = path.slice(prefix.length);
  if (!UPLOAD_NAME.test(name)) return false;
  const row = await findUserUpload(ctx.database.db, userId, name);
  if (row?.visibility !== 'public') return false;
  const info = await stat(join(uploadsDir(ctx), name)).catch(() => null);
  return info?.isFile() ?? false;
}

/**
 * Finds a stored upload by `name` for `viewer` (null = anonymous), for the route to serve (with
 * byte ranges) from `dir`.
 * @returns the directory and name of the file, the stored MIME type, the size in bytes and the visibility.
 * @throws 404 `not_found` ('File not found') for a name that does not match UPLOAD_NAME, has no
 *   `uploads` row or no file, and for an organization upload when `viewer` is anonymous or of
 *   another organization (a 404, never a 403 that confirms it exists).
 */
export async function openImage(
  ctx: UploadDeps,
  viewer: Viewer,
  name: string,
): Promise<{ dir: string; name: string; mime: string; size: number; visibility: 'public' | 'organization' }> {
  // Names of organization media (mp4, pdf) are served the same way; the route sets the headers.
  if (!UPLOAD_NAME.test(name)) throw notFound('file');
  const row = await findUpload(ctx.database.db, name);
  if (!row) throw notFound('file');
  if (row.visibility !== 'public' && (!row.organizationId || viewer?.organizationId !== row.organizationId)) throw notFound('file');
  const info = await stat(join(uploadsDir(ctx), name)).catch(() => null);
  if (!info?.isFile()) throw notFound('file');
  return { dir: uploadsDir(ctx), name, mime: row.mime, size: info.size, visibility: row.visibility };
}

/** A stored template media file of an organization, as the Graph upload reads it. */
export interface TemplateMediaFile {
  /** The stored name (`<32 hex>.<ext>`). */
  name: string;
  /** Absolute path under DATA_DIR/uploads. */
  path: string;
  /** The MIME type recognised at upload (image/jpeg, image/png, video/mp4, application/pdf). */
  mime: string;
  /** Size in bytes, read from the file. */
  size: number;
}

/**
 * The template media file `name` of organization `organizationId` (issue 13: a template's media
 * header sample must be the organization's own upload), or null when the name is malformed, has
 * no `uploads` row, is another organization's or public (an avatar), or its file is gone.
 */
export async function findTemplateMedia(ctx: UploadDeps, organizationId: string, name: string): Promise<TemplateMediaFile | null> {
  if (!UPLOAD_NAME.test(name)) return null;
  const row = await findUpload(ctx.database.db, name);
  if (!row || row.visibility !== 'organization' || row.organizationId !== organizationId || !(row.mime in TEMPLATE_MEDIA_TYPES)) return null;
  const path = join(uploadsDir(ctx), name);
  const info = await stat(path).catch(() => null);
  return info?.isFile() ? { name, path, mime: row.mime, size: info.size } : null;
}

/** Template media no template uses is deleted this long after its upload (ms): 7 days, ample for an editor left open. */
export const UNUSED_TEMPLATE_MEDIA_MS = 7 * 86_400_000;

/**
 * Deletes template media (rows and files) uploaded more than UNUSED_TEMPLATE_MEDIA_MS before
 * `now` that no live template of its organization uses (`usedNames(organizationIds)`: the stored
 * names their header samples name), so abandoned uploads stop counting against the organization's
 * 500 MB. `now` defaults to ctx.now(). Works in keyset batches of 500. Returns how many it deleted.
 */
export async function pruneUnusedTemplateMedia(ctx: UploadDeps, usedNames: (organizationIds: string[]) => Promise<Set<string>>, now: Date = ctx.now()): Promise<number> {
  const db = ctx.database.db;
  const before = new Date(now.getTime() - UNUSED_TEMPLATE_MEDIA_MS);
  let after = '';
  let deleted = 0;
  for (;;) {
    const batch = await findOrganizationMediaBefore(db, before, after, 500);
    if (!batch.length) break;
    after = batch[batch.length - 1]!.name;
    const used = await usedNames([...new Set(batch.map((u) => u.organizationId).filter((id): id is string => !!id))]);
    const unused = batch.filter((u) => !used.has(u.name)).map((u) => u.name);
    deleted += await deleteUploads(db, unused);
    for (const name of unused) await rm(join(uploadsDir(ctx), name), { force: true }).catch(() => undefined);
    if (batch.length < 500) break;
  }
  return deleted;
}
