/**
 * Console API routes of the API documentation (console.md §7 Docs; ARCHITECTURE.md §5; issue 14),
 * HTTP only: the rules are in docs.service.ts, the shapes in contracts/docs.ts.
 *
 * Reads answer without a session (console.md §6: the docs have no guard; the site sends
 * `noauth=true`, accepted and ignored). Edits (POST, PUT, DELETE /doc/description) need a signed-in
 * operator: anonymous -> 401 before the body is read, anyone else -> 403 before it is validated.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiVersionSchema, docDescriptionInputSchema, docDescriptionSchema, docMenuItemSchema } from '@pesan/contracts/docs';
import type { AppContext } from '../../context.ts';
import { requireUser, signedInOnly } from '../../plugins/session.ts';

const TAG = 'docs';
const noauth = z.string().max(20).optional().describe('Sent by the docs site (`noauth=true`); ignored: the docs need no session');
const idParams = z.object({ id: z.string().max(100) });

/** The docs calls of console.md §7. Register with prefix '/api'. */
export function docsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const docs = ctx.services.docs;
    /** preValidation hook of the edits: a signed-in user who is not an operator gets 403 whatever the body. */
    const operatorOnly = async (request: FastifyRequest) => docs.assertOperator(requireUser(request).userId);
    const security = [{ sessionCookie: [] }];
    const edit = { onRequest: signedInOnly, preValidation: operatorOnly };

    app.get(
      '/doc/api-version',
      {
        schema: {
          tags: [TAG],
          summary: 'API versions of the documentation, oldest first (no session needed)',
          querystring: z.object({ noauth }),
          response: { 200: z.object({ data: z.object({ data: z.array(apiVersionSchema) }) }) },
        },
      },
      async () => ({ data: { data: await docs.listApiVersions() } }),
    );
    app.get(
      '/doc/menu',
      {
        schema: {
          tags: [TAG],
          summary: 'The documentation menu: groups by title, their pages by number (no session needed)',
          querystring: z.object({
            include: z.string().max(200).optional().describe('`["titles"]` to include each group\'s pages (children)'),
            noauth,
          }),
          response: { 200: z.object({ data: z.array(docMenuItemSchema) }) },
        },
      },
      async (request) => ({ data: await docs.listMenu(docs.parseMenuInclude(request.query.include)) }),
    );
    app.get(
      '/doc/description',
      {
        schema: {
          tags: [TAG],
          summary: 'Every documentation page description (no session needed)',
          querystring: z.object({ noauth }),
          response: { 200: z.object({ data: z.array(docDescriptionSchema) }) },
        },
      },
      async () => ({ data: await docs.listDescriptions() }),
    );
    app.get(
      '/doc/description/title/:titleId',
      {
        schema: {
          tags: [TAG],
          summary: "A page's description and code samples, by the page (menu child) id (no session needed)",
          params: z.object({ titleId: z.string().max(100) }),
          querystring: z.object({ noauth }),
          response: { 200: z.object({ data: z.object({ data: docDescriptionSchema }) }) },
        },
      },
      async (request) => ({ data: { data: await docs.getDescriptionByTitle(request.params.titleId) } }),
    );
    app.get(
      '/doc/description/:id',
      {
        schema: {
          tags: [TAG],
          summary: 'One page description by its id (no session needed)',
          params: idParams,
          querystring: z.object({ noauth }),
          response: { 200: z.object({ data: docDescriptionSchema }) },
        },
      },
      async (request) => ({ data: await docs.getDescription(request.params.id) }),
    );
    app.post(
      '/doc/description',
      {
        ...edit,
        schema: {
          tags: [TAG],
          summary: "Create a page's description (operators only)",
          security,
          body: docDescriptionInputSchema,
          response: { 201: z.object({ data: docDescriptionSchema }) },
        },
      },
      async (request, reply) => reply.status(201).send({ data: await docs.createDescription(request.body) }),
    );
    app.put(
      '/doc/description/:id',
      {
        ...edit,
        schema: {
          tags: [TAG],
          summary: 'Replace a page description (operators only)',
          security,
          params: idParams,
          body: docDescriptionInputSchema,
          response: { 200: z.object({ data: docDescriptionSchema }) },
        },
      },
      async (request) => ({ data: await docs.updateDescription(request.params.id, request.body) }),
    );
    app.delete(
      '/doc/description/:id',
      {
        ...edit,
        schema: {
          tags: [TAG],
          summary: 'Delete a page description (operators only)',
          security,
          params: idParams,
        },
      },
      async (request, reply) => {
        await docs.deleteDescription(request.params.id);
        return reply.status(204).send();
      },
    );
  };
}
