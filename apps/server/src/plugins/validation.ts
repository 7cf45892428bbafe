/**
 * The request validator of every route: first the one text rule of packages/contracts
 * text-safety.ts (no NUL, no lone surrogate in any string or key of a body, query, path parameter
 * or header), then the route's zod schema through fastify-type-provider-zod. A refusal is a 400
 * `invalid_request` naming the field; the handler never runs, so nothing is stored.
 */
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { findUnsafeText } from '@pesan/contracts/text-safety';
import { AppError } from '../lib/errors.ts';

/** Fastify validator compiler: the text-safety rule, then the zod schema of `schema`. */
export const safeTextValidatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
  const validateSchema = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  return (data: unknown) => {
    const unsafe = findUnsafeText(data);
    if (unsafe) return { error: new AppError('invalid_request', unsafe.message, [unsafe]) };
    return validateSchema(data);
  };
};
