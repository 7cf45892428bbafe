/**
 * `GET /api/events/stream` (issue 28; contract contracts/events.ts): the signed-in user's live
 * stream of status changes, as Server-Sent Events (@fastify/sse: headers, heartbeat comments,
 * Last-Event-ID). HTTP only: events.service.ts opens the stream, event-hub.ts feeds it.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventStreamQuerySchema, statusEventSchema } from '@pesan/contracts/events';
import type { AppContext } from '../../context.ts';
import { requireOrganization, signedInOnly } from '../../plugins/session.ts';
import { errorResponse } from '../../plugins/openapi.ts';
import { SLOW_CLIENT_BYTES } from './events.service.ts';

/** The stream route. Register with prefix '/api' after @fastify/sse. */
export function eventsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', signedInOnly);
    app.get(
      '/events/stream',
      {
        sse: { kind: 'only' },
        config: { permission: 'read' },
        schema: {
          tags: ['monitoring'],
          summary: "Live status changes of the organization's messages: the watched ones one by one, the rest summed (Server-Sent Events; resumable with Last-Event-ID)",
          security: [{ sessionCookie: [] }],
          querystring: eventStreamQuerySchema,
          response: {
            200: {
              description:
                'A `text/event-stream`: `status` events of the watched messages (`message_id`; data below, id = the event id), an `activity` event at most every 500 ms summing the applications\' changes, `reset` when too much was missed, `end` when the session ended',
              content: { 'text/event-stream': { schema: statusEventSchema } },
            },
            429: errorResponse('At most 8 live streams per user'),
          },
        },
      },
      async (request, reply) => {
        const session = requireOrganization(request);
        const lastEventId = request.query.last_event_id ?? reply.sse.lastEventId;
        const raw = reply.raw;
        const end = await ctx.services.events.open(
          { userId: session.userId, organizationId: session.organizationId, sessionHash: session.idHash },
          { applicationIds: request.query.application_id, messageIds: request.query.message_id, lastEventId },
          {
            write: (frame) => {
              if (!reply.sse.isConnected) return false;
              reply.sse.sendHeaders();
              raw.write(frame);
              return raw.writableLength <= SLOW_CLIENT_BYTES;
            },
            close: () => reply.sse.close(),
          },
        );
        // The client may have gone while the missed changes were read.
        if (reply.sse.isConnected) {
          reply.sse.keepAlive();
          reply.sse.onClose(end);
        } else end();
      },
    );
  };
}

