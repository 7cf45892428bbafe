/**
 * Console API upload routes (console.md §7 User: POST /upload, multipart field `image`, answers
 * `{data: {url}}`), and GET /uploads/{file} serving stored images (issue 6: only files with an
 * `uploads` row; organization media only to that organization).
 */
import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@pesan/contracts/errors';
import { UPLOAD_LIMITS, UPLOAD_MESSAGES, UPLOAD_QUOTA, uploadQuerySchema } from '@pesan/contracts/upload';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { requireUser, signedInOnly } from '../../plugins/session.ts';

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: errorEnvelopeSchema } } });

const MB = 1024 * 1024;
/** An image body in the OpenAPI document (the handler sends a file stream, never serialised). */
const IMAGE = { schema: z.any().meta({ type: 'string', format: 'binary' }) };

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
        schema: {
          tags: ['upload'],
          summary: 'Upload an image (multipart field `image`; JPEG, PNG or WebP; at most 2 MB)',
          description:
            `Stores the image for the signed-in user. \`purpose=avatar\` (default) is served to anyone with the URL; ` +
            `\`purpose=template_media\` only to the caller's organization (403 without one). Per user at most ` +
            `${UPLOAD_QUOTA.maxPerWindow} uploads per ${UPLOAD_QUOTA.windowSeconds / 60} minutes and ${UPLOAD_QUOTA.maxTotalBytes / MB} MB stored in total.`,
          consumes: ['multipart/form-data'],
          querystring: uploadQuerySchema,
          response: {
            201: { description: 'Stored: `data.url` is where the image is served', content: { 'application/json': { schema: z.object({ data: z.object({ url: z.string() }) }) } } },
            413: errorResponse(`payload_too_large: the image is over ${UPLOAD_LIMITS.maxBytes / MB} MB, or the caller's uploads would exceed ${UPLOAD_QUOTA.maxTotalBytes / MB} MB in total`),
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
        // Refused callers (no organization for template media, over a limit) are answered before the body is read.
        await ctx.services.upload.checkMayUpload(uploader, purpose);
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
          summary: 'A stored image',
          description:
            'Served only for a name POST /api/upload gave out. Avatars are public (cached for a year); template media only to a ' +
            'signed-in member of its organization (not cached), anyone else gets 404.',
          params: z.object({ file: z.string().max(64) }),
          response: {
            200: { description: 'The image, with its stored type, `Content-Disposition: inline` and `X-Content-Type-Options: nosniff`', content: { 'image/jpeg': IMAGE, 'image/png': IMAGE, 'image/webp': IMAGE } },
          },
        },
      },
      async (request, reply) => {
        const { file } = request.params;
        const { stream, mime, size, visibility } = await ctx.services.upload.openImage(request.session, file);
        return reply
          .header('Content-Type', mime)
          .header('Content-Length', size)
          .header('Cache-Control', visibility === 'public' ? 'public, max-age=31536000, immutable' : 'private, no-store')
          .header('Content-Disposition', `inline; filename="${file}"`)
          .header('X-Content-Type-Options', 'nosniff')
          .send(stream);
      },
    );
  };
}
