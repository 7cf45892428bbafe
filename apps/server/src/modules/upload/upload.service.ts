/**
 * Image uploads (console.md §7 User: POST /upload with field `image`, reads data.url): JPEG, PNG or
 * WebP recognised by CONTENT (not name or declared type), at most UPLOAD_LIMITS.maxBytes (2 MB),
 * stored as `DATA_DIR/uploads/<32 hex>.<ext>` and served read-only by name.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { UPLOAD_LIMITS, UPLOAD_MESSAGES } from '@pesan/contracts/upload';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../lib/errors.ts';

const EXT_BY_MIME: Record<(typeof UPLOAD_LIMITS.mimeTypes)[number], 'jpg' | 'png' | 'webp'> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};
const MIME_BY_EXT: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** Names the server gives uploads; anything else (paths, dots, other extensions) is refused. */
export const UPLOAD_NAME = /^[a-f0-9]{32}\.(jpg|png|webp)$/;

const uploadsDir = (ctx: AppContext) => join(ctx.config.dataDir, 'uploads');

/**
 * Checks `bytes` and stores them.
 * @returns `{url}`: `${PUBLIC_URL}/api/uploads/<name>`.
 * @throws 413 `payload_too_large` above 2 MB; 415 `unsupported_media_type` unless the content is
 *   JPEG, PNG or WebP. Nothing is written in either case.
 */
export async function storeImage(ctx: AppContext, bytes: Buffer): Promise<{ url: string }> {
  if (bytes.length > UPLOAD_LIMITS.maxBytes) throw new AppError('payload_too_large', UPLOAD_MESSAGES.tooLarge);
  const type = await fileTypeFromBuffer(bytes);
  const ext = type ? EXT_BY_MIME[type.mime as keyof typeof EXT_BY_MIME] : undefined;
  if (!ext) throw new AppError('unsupported_media_type', UPLOAD_MESSAGES.unsupported);
  const name = `${randomBytes(16).toString('hex')}.${ext}`;
  await mkdir(uploadsDir(ctx), { recursive: true });
  await writeFile(join(uploadsDir(ctx), name), bytes, { flag: 'wx', mode: 0o644 });
  return { url: `${ctx.config.publicUrl}/api/uploads/${name}` };
}

/**
 * Whether `url` names an image this server stored: `${PUBLIC_URL}/api/uploads/<name>` or the same
 * path without the origin, with a name matching UPLOAD_NAME and a file that exists.
 */
export async function isStoredUpload(ctx: AppContext, url: string): Promise<boolean> {
  const prefix = '/api/uploads/';
  const path = url.startsWith(ctx.config.publicUrl + prefix) ? url.slice(ctx.config.publicUrl.length) : url;
  if (!path.startsWith(prefix)) return false;
  const name = path.slice(prefix.length);
  if (!UPLOAD_NAME.test(name)) return false;
  const info = await stat(join(uploadsDir(ctx), name)).catch(() => null);
  return info?.isFile() ?? false;
}

/**
 * Opens a stored upload by `name`.
 * @returns the stream, its MIME type and size in bytes.
 * @throws 404 `not_found` for a name that does not match UPLOAD_NAME or does not exist.
 */
export async function openImage(ctx: AppContext, name: string): Promise<{ stream: ReadStream; mime: string; size: number }> {
  const m = UPLOAD_NAME.exec(name);
  if (!m) throw notFound('File');
  const path = join(uploadsDir(ctx), name);
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) throw notFound('File');
  return { stream: createReadStream(path), mime: MIME_BY_EXT[m[1]!]!, size: info.size };
}
