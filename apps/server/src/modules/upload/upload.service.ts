/**
 * Image uploads (console.md §7 User: POST /upload with field `image`, reads data.url; issue 6):
 * JPEG, PNG or WebP recognised by CONTENT (not name or declared type), at most
 * UPLOAD_LIMITS.maxBytes (2 MB), stored as `DATA_DIR/uploads/<32 hex>.<ext>` with one `uploads`
 * row (owner, organization, MIME type, size, visibility) per file. Per-user limits
 * (UPLOAD_QUOTA: 20 per 10 minutes, 50 MB in total) are counted from those rows. A file is served
 * only when its row exists: public ones to anyone, organization ones only to a signed-in member.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { UPLOAD_LIMITS, UPLOAD_MESSAGES, UPLOAD_QUOTA, UPLOAD_VISIBILITY, type UploadPurpose } from '@pesan/contracts/upload';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { findUpload, findUserUpload, insertUpload, lockUserUploads, nthRecentUploadAt, totalUploadBytes } from './upload.repo.ts';

/** What the uploads service uses of the application context. */
export type UploadDeps = Pick<AppContext, 'database' | 'config' | 'now'>;

const EXT_BY_MIME: Record<(typeof UPLOAD_LIMITS.mimeTypes)[number], 'jpg' | 'png' | 'webp'> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** Names the server gives uploads; anything else (paths, dots, other extensions) is refused. */
export const UPLOAD_NAME = /^[a-f0-9]{32}\.(jpg|png|webp)$/;

/** Who uploads: the signed-in user and their organization (null before they create one). */
export interface Uploader {
  userId: string;
  organizationId: string | null;
}

/** Who asks for a file: the signed-in user's organization, or null when anonymous. */
export type Viewer = { organizationId: string | null } | null;

const uploadsDir = (ctx: UploadDeps) => join(ctx.config.dataDir, 'uploads');

/**
 * Refuses an upload of `size` bytes by `userId` at `now` when it would break UPLOAD_QUOTA.
 * @throws 429 `rate_limited` UPLOAD_MESSAGES.rateLimited with header `Retry-After` (whole seconds
 *   until the window frees a slot, at least 1) when the user already stored `maxPerWindow` uploads
 *   in the last `windowSeconds`; 413 `payload_too_large` UPLOAD_MESSAGES.quotaExceeded when the
 *   user's stored bytes plus `size` exceed `maxTotalBytes`.
 */
async function refuseOverLimits(db: Db, userId: string, size: number, now: Date): Promise<void> {
  const windowMs = UPLOAD_QUOTA.windowSeconds * 1000;
  const nth = await nthRecentUploadAt(db, userId, new Date(now.getTime() - windowMs), UPLOAD_QUOTA.maxPerWindow);
  if (nth) {
    // Concurrent uploads may stamp rows a moment after this request's `now`: a slot frees within
    // the window either way.
    const retryAfter = Math.min(UPLOAD_QUOTA.windowSeconds, Math.max(1, Math.ceil((nth.getTime() + windowMs - now.getTime()) / 1000)));
    throw new AppError('rate_limited', UPLOAD_MESSAGES.rateLimited, undefined, { 'Retry-After': String(retryAfter) });
  }
  if ((await totalUploadBytes(db, userId)) + size > UPLOAD_QUOTA.maxTotalBytes) {
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
  await refuseOverLimits(ctx.database.db, uploader.userId, 1, ctx.now());
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
  await refuseOverLimits(db, uploader.userId, bytes.length, now);

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
  try {
    await db.transaction(async (tx) => {
      await lockUserUploads(tx, uploader.userId);
      await refuseOverLimits(tx, uploader.userId, bytes.length, now);
      await insertUpload(tx, {
        name,
        userId: uploader.userId,
        organizationId: uploader.organizationId,
        mime,
        size: bytes.length,
        visibility: UPLOAD_VISIBILITY[purpose],
        createdAt: now,
      });
    });
  } catch (err) {
    await rm(path, { force: true }).catch(() => undefined);
    throw err;
  }
  return { url: `${ctx.config.publicUrl}/api/uploads/${name}` };
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
 * Opens a stored upload by `name` for `viewer` (null = anonymous).
 * @returns the stream, the stored MIME type, the size in bytes and the visibility.
 * @throws 404 `not_found` ('File not found') for a name that does not match UPLOAD_NAME, has no
 *   `uploads` row or no file, and for an organization upload when `viewer` is anonymous or of
 *   another organization (a 404, never a 403 that confirms it exists).
 */
export async function openImage(
  ctx: UploadDeps,
  viewer: Viewer,
  name: string,
): Promise<{ stream: ReadStream; mime: string; size: number; visibility: 'public' | 'organization' }> {
  if (!UPLOAD_NAME.test(name)) throw notFound('File');
  const row = await findUpload(ctx.database.db, name);
  if (!row) throw notFound('File');
  if (row.visibility !== 'public' && (!row.organizationId || viewer?.organizationId !== row.organizationId)) throw notFound('File');
  const path = join(uploadsDir(ctx), name);
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) throw notFound('File');
  return { stream: createReadStream(path), mime: row.mime, size: info.size, visibility: row.visibility };
}
