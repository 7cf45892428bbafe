/**
 * Two-factor sign-in routes (ARCHITECTURE.md §5.1): set up, turn on and turn off TOTP for oneself,
 * and the second sign-in step. HTTP only: rules in two-factor.service.ts. The /user/2fa calls are
 * self-service (signed in, no role permission), so a member whose organization requires 2FA can set
 * it up before anything else; code checks carry the per-IP burst limit of the auth calls.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userSchema } from '@pesan/contracts/auth';
import { loginTwoFactorSchema, recoveryCodesSchema, TEAMS_MESSAGES, twoFactorDisableSchema, twoFactorEnableSchema, twoFactorSetupSchema } from '@pesan/contracts/teams';
import type { AppContext } from '../../context.ts';
import { requireUser, signedInOnly, startSession } from '../../plugins/session.ts';
import { authClient, authRateLimit } from './auth.routes.ts';

/**
 * POST /api/user/2fa/setup, /api/user/2fa/enable, /api/user/2fa/disable (signed in) and POST
 * /api/auth/login/2fa (the challenge of POST /api/auth/login). Register with prefix '/api'.
 */
export function twoFactorRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  const secure = ctx.config.publicUrl.startsWith('https://');
  const limited = authRateLimit(ctx);

  return async (app) => {
    app.post(
      '/user/2fa/setup',
      {
        onRequest: signedInOnly,
        schema: {
          tags: ['user'],
          summary: 'Start setting up two-factor sign-in: a new TOTP secret (RFC 6238, SHA-1, 6 digits, 30 s) and its otpauth URL for the QR code; 409 when already on',
          response: { 200: z.object({ data: twoFactorSetupSchema }) },
        },
      },
      async (request) => ({ data: await ctx.services.twoFactor.setupTwoFactor(requireUser(request)) }),
    );

    app.post(
      '/user/2fa/enable',
      {
        onRequest: signedInOnly,
        config: limited,
        schema: {
          tags: ['user'],
          summary: 'Turn two-factor sign-in on with a code from the authenticator app; answers the 10 single-use recovery codes, shown this once',
          body: twoFactorEnableSchema,
          response: { 200: z.object({ data: recoveryCodesSchema, message: z.string() }) },
        },
      },
      async (request) => ({
        data: await ctx.services.twoFactor.enableTwoFactor(requireUser(request), request.body.code, authClient(request)),
        message: TEAMS_MESSAGES.twoFactorEnabled,
      }),
    );

    app.post(
      '/user/2fa/disable',
      {
        onRequest: signedInOnly,
        config: limited,
        schema: {
          tags: ['user'],
          summary: "Turn two-factor sign-in off with the password and a current code (deletes the recovery codes); 403 when the organization requires 2FA",
          body: twoFactorDisableSchema,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => {
        await ctx.services.twoFactor.disableTwoFactor(requireUser(request), request.body, authClient(request));
        return { message: TEAMS_MESSAGES.twoFactorDisabled };
      },
    );

    app.post(
      '/auth/login/2fa',
      {
        config: limited,
        schema: {
          tags: ['auth'],
          summary:
            'Second sign-in step: the challenge from POST /api/auth/login with a code from the authenticator app or a recovery code (single use); sets the session cookie. 5 wrong codes end the challenge (401, sign in again)',
          body: loginTwoFactorSchema,
          response: { 200: z.object({ data: userSchema }) },
        },
      },
      async (request, reply) => {
        const result = await ctx.services.twoFactor.signInSecondStep(request.body, authClient(request));
        await startSession(db, request, reply, result.userId, result.remember, secure);
        return { data: result.user };
      },
    );
  };
}
