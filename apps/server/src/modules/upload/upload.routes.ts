/**
 * Console API upload routes (console.md §7 User: POST /upload, multipart field `image`, answers
 * `{data: {url}}`; issue 13: `purpose=template_media`, field `file`, answers `{data: {url,
 * handle}}`), and GET /uploads/{file} serving stored files (issue 6: only files with an `uploads`
 * row; organization media only to that organization).
 */
import multipart from '@fastify/multipart';
import send from '@fastify/send';
import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  TEMPLATE_MEDIA_LIMITS,
  TEMPLATE_MEDIA_MESSAGES,
  TEMPLATE_MEDIA_QUOTA,
  UPLOAD_LIMITS,
  UPLOAD_MESSAGES,
  UPLOAD_QUOTA,
  uploadQuerySchema,
} from '@pesan/contracts/upload';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { requireUser, signedInOnly } from '../../plugins/session.ts';
import { can } from '@pesan/contracts/roles';
import { TEAMS_MESSAGES } from '@pesan/contracts/teams-messages';
import { safeTextValidatorCompiler } from '../../plugins/validation.ts';
import { errorResponse } from '../../plugins/openapi.ts';
import { SERVER_MESSAGES } from '@pesan/contracts/server-messages';


const MB = 1024 * 1024;
/** A file body in the OpenAPI document (the handler sends a file stream, never serialised). */
const FILE = { schema: z.any().meta({ type: 'string', format: 'binary' }) };

/**
 * The multipart body as the OpenAPI document shows it. It documents the form only: the multipart
 * parser leaves `request.body` empty and the handler reads the parts (bodyNotValidated).
 */
const uploadBodySchema = z.object({
  image: z
    .any()
    .meta({ type: 'string', format: 'binary', description: 'The avatar image (JPEG, PNG or WebP, at most 2 MB); template media may come in this field too' })
    .optional(),
  file: z
    .any()
    .meta({ type: 'string', format: 'binary', description: 'The template media file (`purpose=template_media`): JPEG or PNG up to 5 MB, MP4 up to 16 MB, PDF up to 100 MB, checked by content' })
    .optional(),
});

/** The route's validators: the query and the rest as everywhere; the body is multipart, read by the handler. */
const bodyNotValidated: FastifySchemaCompiler<unknown> = (route) => (route.httpPart === 'body' ? (data: unknown) => ({ value: data }) : safeTextValidatorCompiler(route));

/** Headers of a served file: PDFs are downloaded (never rendered in the console's origin), the rest shown inline. */
function servingHeaders(mime: string, file: string): Record<string, string> {
  if (mime === 'application/pdf') return { 'Content-Disposition': `attachment; filename="${file}"`, 'Content-Security-Policy': "default-src 'none'; sandbox" };
  return { 'Content-Disposition': `inline; filename="${file}"` };
}

/**
 * POST /upload and GET /uploads/{file}. Multipart is parsed in this scope only: every other
 * console call answers a multipart body with 415.
 */
export function uploadRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, { limits: { fileSize: UPLOAD_LIMITS.maxBytes, files: 1, fields: 5, parts: 6, headerPairs: 20 } });
    app.post(
      '/upload',
      {
        onRequest: signedInOnly,
        validatorCompiler: bodyNotValidated,
        schema: {
          tags: ['upload'],
          summary: 'Upload an avatar image (field `image`) or a template media file (`purpose=template_media`, field `file`)',
          description:
            `Stores the file for the signed-in user; its type is recognised by its content (magic bytes), never by its name or declared type. ` +
            `\`purpose=avatar\` (default): field \`image\`, JPEG, PNG or WebP up to ${UPLOAD_LIMITS.maxBytes / MB} MB, served to anyone with the URL; ` +
            `answers \`{data: {url}}\`. \`purpose=template_media\` (the sample of a template's media header): field \`file\` (or \`image\`), ` +
            `JPEG or PNG up to 5 MB, MP4 up to 16 MB, PDF up to 100 MB, served only to the caller's organization (403 without one); answers ` +
            `\`{data: {url, handle}}\`, \`handle\` being what the template stores as \`example.header_handle\` (Meta's upload handle). ` +
            `Per user at most ${UPLOAD_QUOTA.maxPerWindow} uploads per ${UPLOAD_QUOTA.windowSeconds / 60} minutes and ${UPLOAD_QUOTA.maxTotalBytes / MB} MB of avatars; ` +
            `per organization ${TEMPLATE_MEDIA_QUOTA.maxTotalBytesPerOrganization / MB} MB of template media. A refused file is never stored.`,
          consumes: ['multipart/form-data'],
          querystring: uploadQuerySchema,
          body: uploadBodySchema,
          response: {
            201: {
              description: 'Stored: `data.url` is where the file is served; `data.handle` (template media only) is its header sample handle',
              content: { 'application/json': { schema: z.object({ data: z.object({ url: z.string(), handle: z.string().optional() }) }) } },
            },
            413: errorResponse(
              `payload_too_large: the file is over its type's limit (avatar ${UPLOAD_LIMITS.maxBytes / MB} MB; template media JPEG/PNG 5 MB, MP4 16 MB, PDF 100 MB), ` +
                `or the caller's avatars would exceed ${UPLOAD_QUOTA.maxTotalBytes / MB} MB, or the organization's template media ${TEMPLATE_MEDIA_QUOTA.maxTotalBytesPerOrganization / MB} MB`,
            ),
            415: errorResponse('unsupported_media_type: the content is not an accepted type (avatar: JPEG, PNG, WebP; template media: JPEG, PNG, MP4, PDF)'),
            429: errorResponse(
              `rate_limited: the caller stored ${UPLOAD_QUOTA.maxPerWindow} uploads in the last ${UPLOAD_QUOTA.windowSeconds / 60} minutes; see Retry-After (seconds)`,
            ),
          },
        },
      },
      async (request, reply) => {
        const session = requireUser(request);
        const uploader = { userId: session.userId, organizationId: session.organizationId };
        const { purpose } = request.query;
        // Refused callers (no organization for template media, a role without templates, over a limit) are answered before the body is read.
        if (purpose === 'template_media' && session.organizationId && !can(session.role, 'templates.manage')) throw new AppError('forbidden', TEAMS_MESSAGES.roleForbidden);
        await ctx.services.upload.checkMayUpload(uploader, purpose);
        if (purpose === 'template_media') {
          const required = () =>
            new AppError('invalid_request', TEMPLATE_MEDIA_MESSAGES.required, [{ path: TEMPLATE_MEDIA_LIMITS.field, message: TEMPLATE_MEDIA_MESSAGES.required }]);
          if (!request.isMultipart()) throw required();
          let part: Awaited<ReturnType<typeof request.file>>;
          try {
            part = await request.file({ limits: { fileSize: TEMPLATE_MEDIA_LIMITS.maxBytes, files: 1 }, throwFileSizeLimit: false });
          } catch {
            throw new AppError('invalid_request', UPLOAD_MESSAGES.malformed);
          }
          if (!part || (part.fieldname !== TEMPLATE_MEDIA_LIMITS.field && part.fieldname !== UPLOAD_LIMITS.field)) {
            part?.file.resume();
            throw required();
          }
          const data = await ctx.services.upload.storeTemplateMedia(uploader, part.file);
          return reply.status(201).send({ data });
        }
        const missing = () => new AppError('invalid_request', UPLOAD_MESSAGES.required, [{ path: UPLOAD_LIMITS.field, message: UPLOAD_MESSAGES.required }]);
        if (!request.isMultipart()) throw missing();
        let bytes: Buffer;
        try {
          const part = await request.file({ limits: { fileSize: UPLOAD_LIMITS.maxBytes, files: 1 } });
          if (!part || part.fieldname !== UPLOAD_LIMITS.field) {
            part?.file.resume();
            throw missing();
          }
          bytes = await part.toBuffer();
        } catch (err) {
          if (err instanceof AppError) throw err;
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payload_too_large', UPLOAD_MESSAGES.tooLarge);
          // Reading the body only parses what the client sent (into memory): any other failure here
          // is a malformed or truncated body, whichever way busboy words it ('Unexpected end of
          // form', 'Part terminated early…' over a real socket; issue 6 defect 5).
          throw new AppError('invalid_request', UPLOAD_MESSAGES.malformed);
        }
        if (bytes.length === 0) throw missing();
        const data = await ctx.services.upload.storeImage(uploader, purpose, bytes);
        return reply.status(201).send({ data });
      },
    );

    app.get(
      '/uploads/:file',
      {
        schema: {
          tags: ['upload'],
          summary: 'A stored file (avatar image or template media)',
          description:
            'Served only for a name POST /api/upload gave out. Avatars are public (cached for a year); template media only to a ' +
            'signed-in member of its organization (not cached), anyone else gets 404. Every file has its stored type and ' +
            "`X-Content-Type-Options: nosniff`; images and videos are `inline`, PDFs an `attachment` with `Content-Security-Policy: default-src 'none'; sandbox`.",
          params: z.object({ file: z.string().max(64) }),
          response: {
            200: {
              description: 'The file, with its stored type, `Content-Disposition` (inline, or attachment for a PDF) and `X-Content-Type-Options: nosniff`',
              content: { 'image/jpeg': FILE, 'image/png': FILE, 'image/webp': FILE, 'video/mp4': FILE, 'application/pdf': FILE },
            },
            206: {
              description: 'The bytes of a `Range` request (`Accept-Ranges: bytes`; a video is sought this way), with `Content-Range`',
              content: { 'image/jpeg': FILE, 'image/png': FILE, 'image/webp': FILE, 'video/mp4': FILE, 'application/pdf': FILE },
            },
            416: errorResponse('`range_not_satisfiable`: the `Range` lies outside the file (`Content-Range: bytes */{size}`)'),
          },
        },
      },
      async (request, reply) => {
        const { file } = request.params;
        const found = await ctx.services.upload.openImage(request.session, file);
        // @fastify/send answers byte ranges (a video's seeking), conditional requests and 416.
        const sent = await send(request.raw, `/${found.name}`, {
          root: found.dir,
          acceptRanges: true,
          cacheControl: false,
          contentType: false,
          dotfiles: 'deny',
          extensions: false,
          index: false,
        });
        if (sent.statusCode === 416) {
          throw new AppError('range_not_satisfiable', SERVER_MESSAGES.rangeOutsideFile, undefined, { 'Content-Range': `bytes */${found.size}` });
        }
        if (sent.type !== 'file' && ![304, 412].includes(sent.statusCode)) throw notFound('file');
        return reply
          .code(sent.statusCode as 200 | 206)
          .headers(sent.headers)
          .header('Content-Type', found.mime)
          .header('Cache-Control', found.visibility === 'public' ? 'public, max-age=31536000, immutable' : 'private, no-store')
          .headers(servingHeaders(found.mime, file))
          .header('X-Content-Type-Options', 'nosniff')
          .send(sent.type === 'file' ? sent.stream : '');
      },
    );
  };
}
