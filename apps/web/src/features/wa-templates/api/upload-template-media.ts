/**
 * Uploads a media header's sample file (templates-dashboard-reports.md §2.4 Media header, §5.4 and
 * §9 media limits: JPEG or PNG up to 5 MB, MP4 up to 16 MB, PDF up to 100 MB):
 * `POST /api/upload?purpose=template_media`, multipart field `file` -> 201 `{data: {url, handle}}`.
 * `url` is where the console shows the file (served only to the organization); `handle` is what the
 * template stores as its header sample (`header.example.header_handle[0]`).
 *
 * The file is checked here first, by its first bytes (not its name), so a wrong or too large file
 * is refused before it is sent; the server checks again by content and size.
 */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import i18n from '../../../lib/i18n.ts';

export type TemplateMediaKind = 'image' | 'video' | 'document';

const MB = 1024 * 1024;

interface TemplateMediaLimits {
  mimeTypes: readonly string[];
  maxBytes: number;
  accept: string;
  /** What the header takes, in the interface language when read ('JPEG or PNG image up to 5 MB'). */
  readonly label: string;
}

const limits = (kind: TemplateMediaKind, mimeTypes: readonly string[], maxBytes: number, accept: string): TemplateMediaLimits => ({
  mimeTypes,
  maxBytes,
  accept,
  get label() {
    return i18n.t(`wa-templates:media.limit.${kind}`);
  },
});

/** What each media header takes (§5.4, §9): MIME types (checked by content), the largest size, the `accept` of the picker, and its label (read it at render time). */
export const TEMPLATE_MEDIA_LIMITS: Record<TemplateMediaKind, TemplateMediaLimits> = {
  image: limits('image', ['image/jpeg', 'image/png'], 5 * MB, 'image/jpeg,image/png'),
  video: limits('video', ['video/mp4'], 16 * MB, 'video/mp4'),
  document: limits('document', ['application/pdf'], 100 * MB, 'application/pdf'),
};

/** Why a file is refused before it is sent, in the interface language of the moment it is checked. */
export const TEMPLATE_MEDIA_MESSAGES = {
  wrongType: (kind: TemplateMediaKind) => i18n.t('wa-templates:media.wrongType', { kind: i18n.t(`wa-templates:media.kind.${kind}`) }),
  tooLarge: (kind: TemplateMediaKind) => i18n.t('wa-templates:media.tooLarge', { limit: TEMPLATE_MEDIA_LIMITS[kind].label }),
  empty: () => i18n.t('wa-templates:media.empty'),
} as const;

/** The MIME type the first bytes of a file show (JPEG, PNG, PDF or MP4), or null. */
export function sniffMediaType(head: Uint8Array): string | null {
  const at = (i: number, ...bytes: number[]) => bytes.every((b, j) => head[i + j] === b);
  if (at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (at(0, 0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf';
  // ISO base media: a box of type 'ftyp' first.
  if (at(4, 0x66, 0x74, 0x79, 0x70)) return 'video/mp4';
  return null;
}

/** Why `file` cannot be a `kind` header sample (wrong content, too large, empty), or null when it can. */
export async function checkTemplateMedia(file: Blob, kind: TemplateMediaKind): Promise<string | null> {
  const limit = TEMPLATE_MEDIA_LIMITS[kind];
  if (file.size === 0) return TEMPLATE_MEDIA_MESSAGES.empty();
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  const type = sniffMediaType(head);
  if (!type || !limit.mimeTypes.includes(type)) return TEMPLATE_MEDIA_MESSAGES.wrongType(kind);
  if (file.size > limit.maxBytes) return TEMPLATE_MEDIA_MESSAGES.tooLarge(kind);
  return null;
}

export interface UploadedTemplateMedia {
  /** Where the console shows the file. */
  url: string;
  /** The header sample the template stores. */
  handle: string;
}

/** Thrown when the file is refused before it is sent. */
export class TemplateMediaError extends Error {}

/**
 * Checks and uploads `file` as a `kind` header sample. Throws TemplateMediaError (refused here) or
 * ApiError (refused by the server: 415 type, 413 size or quota, 429 rate).
 */
export async function uploadTemplateMedia({ file, kind }: { file: File; kind: TemplateMediaKind }): Promise<UploadedTemplateMedia> {
  const problem = await checkTemplateMedia(file, kind);
  if (problem) throw new TemplateMediaError(problem);
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await api<{ data: { url: string; handle?: string } }>('/api/upload?purpose=template_media', { method: 'POST', body: form });
  return { url: res.data.url, handle: res.data.handle ?? res.data.url };
}

export const useUploadTemplateMedia = () => useMutation({ mutationFn: uploadTemplateMedia });
