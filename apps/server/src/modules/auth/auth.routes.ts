/**
 * Console API auth routes (ARCHITECTURE.md §5; console.md §7 Auth). HTTP only: validation with the
 * contracts schemas, rules in auth.service.ts, sessions through plugins/session.ts.
 */
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUTH_MESSAGES,
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  passwordPairSchema,
  registerSchema,
  sendVerificationSchema,
  userSchema,
} from '@pesan/contracts/auth';
import { loginChallengeSchema } from '@pesan/contracts/teams';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import { endSession, requireUser, signedInOnly, startSession, userAgentOf } from '../../plugins/session.ts';
import { userFromSession } from '../user/user.service.ts';
import type { AuthClient } from './auth.service.ts';

const tokenParams = z.object({ token: z.string().min(1).max(200) });

/**
 * Route config of the per-IP burst limit (AUTH_RATE_LIMIT per minute, 429 `rate_limited` with
 * Retry-After) on the auth calls that can be abused anonymously or guess a secret.
 */
export function authRateLimit(ctx: AppContext) {
  return {
    rateLimit: {
      max: ctx.config.authRateLimit,
      timeWindow: 60_000,
      errorResponseBuilder: () => new AppError('rate_limited', AUTH_MESSAGES.tooManyRequests),
    },
  };
}

/** The caller of an auth route: IP address, User-Agent (as sessions store it) and the answer's language. */
export function authClient(request: FastifyRequest): AuthClient {
  return { ip: request.ip, userAgent: userAgentOf(request), language: requestLanguage(request) };
}

/**
 * /api/auth/*: register, email_verification, send_verification, login, logout, session,
 * forgot_password, reset_password, change_password. Anonymous calls carry the per-IP burst limit
 * (AUTH_RATE_LIMIT per minute, 429 with Retry-After). Register with prefix '/api'.
 */
export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const db = ctx.database.db;
  const secure = ctx.config.publicUrl.startsWith('https://');
  /** Per-IP burst limit (AUTH_RATE_LIMIT per minute) on the calls that can be abused anonymously. */
  const limited = authRateLimit(ctx);

  return async (app) => {
    app.post(
      '/auth/register',
      {
        config: limited,
        schema: {
          tags: ['auth'],
          summary: 'Register an account; sends the verification e-mail',
          body: registerSchema,
          response: { 201: z.object({ data: z.object({ email: z.string() }), message: z.string() }) },
        },
      },
      async (request, reply) => {
        const data = await ctx.services.auth.registerAccount(request.log, request.body, requestLanguage(request));
        return reply.status(201).send({ data, message: AUTH_MESSAGES.registered });
      },
    );

    app.patch(
      '/auth/email_verification/:token',
      {
        schema: {
          tags: ['auth'],
          summary: 'Verify the e-mail address with the link token; signs in',
          params: tokenParams,
          response: { 200: z.object({ data: userSchema, message: z.string() }) },
        },
      },
      async (request, reply) => {
        const user = await ctx.services.auth.verifyEmail(request.params.token);
        await startSession(db, request, reply, user.id, false, secure);
        return { data: await ctx.services.twoFactor.signedInUser(user), message: AUTH_MESSAGES.emailVerified };
      },
    );

    app.post(
      '/auth/send_verification',
      {
        config: limited,
        schema: {
          tags: ['auth'],
          summary: 'Send a new verification e-mail (same answer and same work whether or not the address exists: the address is counted and a mail job queued; a worker looks it up)',
          body: sendVerificationSchema,
          response: { 200: z.object({ description: z.string() }) },
        },
      },
      async (request) => {
        await ctx.services.auth.resendVerification(request.log, request.body.email, requestLanguage(request));
        return { description: AUTH_MESSAGES.verificationDescription };
      },
    );

    app.post(
      '/auth/login',
      {
        config: limited,
        schema: {
          tags: ['auth'],
          summary:
            'Sign in; sets the session cookie (30 days with remember). With two-factor sign-in on, answers `{two_factor_required: true, challenge}` instead and sets no cookie: send the challenge with a code to POST /api/auth/login/2fa within 10 minutes',
          body: loginSchema,
          response: { 200: z.object({ data: z.union([userSchema, loginChallengeSchema]) }) },
        },
      },
      async (request, reply) => {
        const result = await ctx.services.twoFactor.signIn(request.body, authClient(request));
        if (result.kind === 'challenge') return { data: { two_factor_required: true as const, challenge: result.challenge } };
        await startSession(db, request, reply, result.userId, result.remember, secure);
        return { data: result.user };
      },
    );

    app.post('/auth/logout', { schema: { tags: ['auth'], summary: 'Sign out; ends the session on the server' } }, async (request, reply) => {
      await endSession(db, request, reply);
      return reply.status(204).send();
    });

    // An anonymous caller is an answer, not an error (issue 23 item 13): 200 `{data: null}`, so a
    // browser asking who is signed in on every page load logs no failed request.
    app.get(
      '/auth/session',
      {
        schema: {
          tags: ['auth'],
          summary: 'The signed-in user, or null when nobody is signed in (no cookie, or an ended, expired or forged session)',
          response: { 200: z.object({ data: userSchema.nullable() }) },
        },
      },
      async (request) => ({ data: request.session ? userFromSession(request.session) : null }),
    );

    app.post(
      '/auth/forgot_password',
      {
        config: limited,
        schema: {
          tags: ['auth'],
          summary: 'Send a password reset e-mail (same answer and same work whether or not the address exists: the address is counted and a mail job queued; a worker looks it up)',
          body: forgotPasswordSchema,
          response: { 200: z.object({ description: z.string() }) },
        },
      },
      async (request) => {
        await ctx.services.auth.forgotPassword(request.log, request.body.email, requestLanguage(request));
        return { description: AUTH_MESSAGES.forgotDescription };
      },
    );

    app.patch(
      '/auth/reset_password/:token',
      {
        config: limited,
        schema: {
          tags: ['auth'],
          summary: 'Set a new password with the reset token; ends every session',
          params: tokenParams,
          body: passwordPairSchema,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => {
        await ctx.services.auth.resetPassword(request.log, request.params.token, request.body.password, requestLanguage(request));
        return { message: AUTH_MESSAGES.passwordReset };
      },
    );

    app.post(
      '/auth/change_password/:userId',
      {
        onRequest: signedInOnly,
        schema: {
          tags: ['auth'],
          summary: "Change the caller's password; ends the other sessions",
          params: z.object({ userId: z.string().min(1).max(64) }),
          body: changePasswordSchema,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => {
        await ctx.services.auth.changePassword(request.log, requireUser(request), request.params.userId, request.body, request.ip, requestLanguage(request));
        return { message: AUTH_MESSAGES.passwordChanged };
      },
    );
  };
}
