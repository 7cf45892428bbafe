/**
 * Operator rules for billing and prepaid quota (ARCHITECTURE.md §4 operator CLI; console.md §3
 * Remaining quota entry): set an application's billing type, top up or set a quota (each change is
 * a quota_ledger row written in the same transaction as the quota), and read the balances.
 *
 * Units. On input (the CLI's flags, the admin endpoint's body) a quota amount is in operator units:
 * minutes for `call`, messages for every other type (SMS segments for `sms`). Stored quota, usage
 * and ledger deltas are in stored units: seconds for `call` (a call or voice OTP costs
 * CALL_QUOTA_SECONDS), messages otherwise. Results carry stored units; `toOperatorUnits` converts.
 *
 * Errors (AppError): 400 `invalid_request` with one message naming the CLI flag on bad input;
 * 404 `not_found` 'Application <id> not found' for an unknown, deleted or malformed id. Nothing is
 * changed on error.
 */
import { z } from 'zod';
import type { QuotaType } from '@pesan/contracts/messaging';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import * as repo from './quota.repo.ts';
import { SERVER_MESSAGES } from '@pesan/contracts/server-messages';

/** The quota types in display order (console.md §3). */
export const QUOTA_TYPES = Object.keys({
  wa_marketing: true,
  wa_authentication: true,
  wa_utility: true,
  call: true,
  sms: true,
  sms_otp: true,
  email: true,
} satisfies Record<QuotaType, true>) as [QuotaType, ...QuotaType[]];

export const BILLING_TYPES = ['pre-paid', 'post-paid'] as const;
export type BillingType = (typeof BILLING_TYPES)[number];

/** Seconds in one minute: `call` quota is given in minutes and stored in seconds. */
export const SECONDS_PER_MINUTE = 60;

/** The largest amount one command may add or set, in operator units. */
export const MAX_QUOTA_AMOUNT = 1_000_000_000_000;

/** How many ledger rows `getBalances` returns. */
export const BALANCE_LEDGER_ROWS = 10;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NUMBER_TEXT = /^\s*[-+]?\d+(\.\d+)?\s*$/;

/** `--app`: an application id (any text; one that names no live application is a 404). */
const appIdSchema = z
  .string({ error: (iss) => (iss.input === undefined ? '--app is required' : '--app must be an application id') })
  .trim()
  .min(1, '--app is required')
  .max(100, '--app must be an application id');

/** A whole amount of operator units given as a number or as decimal text (argv); `min` 0 or 1. */
const amountSchema = (flag: string, min: 0 | 1) =>
  z
    .preprocess(
      (v) => (typeof v === 'string' && NUMBER_TEXT.test(v) ? Number(v) : v),
      z
        .number({ error: `${flag} must be a whole number` })
        .int(`${flag} must be a whole number`)
        .nonnegative(`${flag} must not be negative`)
        .min(min, `${flag} must be at least ${min}`)
        .max(MAX_QUOTA_AMOUNT, `${flag} must be at most ${MAX_QUOTA_AMOUNT}`),
    )
    .optional();

/** Shapes of the three operator inputs (admin.service.ts adds a `command` field to each). */
export const billingShape = {
  app: appIdSchema,
  type: z.enum(BILLING_TYPES, {
    error: (iss) => (iss.input === undefined ? '--type is required: pre-paid or post-paid' : `Unknown billing type '${String(iss.input)}': use pre-paid or post-paid`),
  }),
};

export const quotaShape = {
  app: appIdSchema,
  type: z.enum(QUOTA_TYPES, {
    error: (iss) =>
      iss.input === undefined ? `--type is required: one of ${QUOTA_TYPES.join(', ')}` : `Unknown quota type '${String(iss.input)}': use one of ${QUOTA_TYPES.join(', ')}`,
  }),
  /** Operator units to add (at least 1). */
  add: amountSchema('--add', 1),
  /** Operator units the quota becomes (0 or more). */
  set: amountSchema('--set', 0),
};

export const balancesShape = { app: appIdSchema };

/** Exactly one of `add` and `set` (a zod superRefine check). */
export function exactlyOneAmount(v: { add?: number; set?: number }, ctx: z.RefinementCtx): void {
  if (v.add !== undefined && v.set !== undefined) ctx.addIssue({ code: 'custom', message: 'Give either --add or --set, not both', path: ['add'] });
  if (v.add === undefined && v.set === undefined) ctx.addIssue({ code: 'custom', message: 'Give --add N or --set N', path: ['add'] });
}

export const billingInputSchema = z.object(billingShape);
export const quotaInputSchema = z.object(quotaShape).superRefine(exactlyOneAmount);
export const balancesInputSchema = z.object(balancesShape);

export type BillingInput = z.input<typeof billingInputSchema>;
export type QuotaInput = z.input<typeof quotaInputSchema>;
export type BalancesInput = z.input<typeof balancesInputSchema>;

/** Parses `input` with `schema`, or throws 400 `invalid_request` with the first issue's message. */
export function parseOperatorInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const path = issue.path.map(String).join('.');
  throw new AppError('invalid_request', issue.message, [{ path, message: issue.message }]);
}

/** 404 `not_found` 'Application <id> not found'. */
export const applicationNotFound = (id: string) => new AppError('not_found', SERVER_MESSAGES.applicationIdNotFound(id));

/** Stored units of `type` for `amount` operator units (minutes -> seconds for `call`). */
export const toStoredUnits = (type: QuotaType, amount: number) => (type === 'call' ? amount * SECONDS_PER_MINUTE : amount);

/** Operator units of `type` for `stored` units (seconds -> minutes for `call`, possibly fractional). */
export const toOperatorUnits = (type: string, stored: number) => (type === 'call' ? stored / SECONDS_PER_MINUTE : stored);

async function liveApplication(tx: Db, id: string, forUpdate: boolean): Promise<repo.BillingApplicationRow> {
  const app = UUID_RE.test(id) ? await repo.findApplicationForBilling(tx, id, { forUpdate }) : null;
  if (!app) throw applicationNotFound(id);
  return app;
}

export interface BillingChange {
  applicationId: string;
  applicationName: string;
  from: BillingType;
  to: BillingType;
  /** False when the application already had `to` (nothing was written). */
  changed: boolean;
}

/**
 * Sets the billing type of application `input.app` to `input.type` ('pre-paid' takes prepaid
 * quota for each accepted message; 'post-paid' takes none). `now` becomes its updated_at.
 * @throws AppError invalid_request (bad input), not_found (unknown application).
 */
export async function setBillingType(db: Db, input: BillingInput, now: Date): Promise<BillingChange> {
  const { app: id, type } = parseOperatorInput(billingInputSchema, input);
  return db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    const app = await liveApplication(tx, id, true);
    const changed = app.billingType !== type;
    if (changed) await repo.updateBillingType(tx, app.id, type, now);
    return { applicationId: app.id, applicationName: app.name, from: app.billingType, to: type, changed };
  });
}

export interface QuotaChange {
  applicationId: string;
  applicationName: string;
  billingType: BillingType;
  type: QuotaType;
  /** The ledger reason: 'top-up' for --add, 'set' for --set. */
  reason: 'top-up' | 'set';
  /** Quota and usage before and after, in stored units (seconds for `call`). */
  before: { quota: number; usage: number };
  after: { quota: number; usage: number };
  /** after.quota - before.quota, in stored units: the ledger row's delta. */
  delta: number;
  /** False when a --set gave the quota it already had (no ledger row was written). */
  changed: boolean;
}

/**
 * Tops up (`add`: quota += amount) or sets (`set`: quota = amount) the `type` quota of application
 * `input.app`, amounts in operator units (minutes for `call`). Usage is untouched, so remaining =
 * quota - usage (negative when a --set goes below what was already used). The quota row is
 * created when missing and locked; the ledger row (reason 'top-up' or 'set', delta = the change in
 * stored units) is written in the same transaction. A --set to the current quota writes nothing.
 * @throws AppError invalid_request (bad input, or a quota above Number.MAX_SAFE_INTEGER units),
 *   not_found (unknown application).
 */
export async function changeQuota(db: Db, input: QuotaInput, now: Date): Promise<QuotaChange> {
  const parsed = parseOperatorInput(quotaInputSchema, input);
  const reason = parsed.add !== undefined ? 'top-up' : 'set';
  const amount = toStoredUnits(parsed.type, (parsed.add ?? parsed.set)!);
  return db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    const app = await liveApplication(tx, parsed.app, false);
    const before = await repo.lockQuotaRow(tx, app, parsed.type, now);
    const quota = reason === 'top-up' ? before.quota + amount : amount;
    if (!Number.isSafeInteger(quota)) throw new AppError('invalid_request', SERVER_MESSAGES.quotaOverflow(parsed.type, Number.MAX_SAFE_INTEGER));
    const delta = quota - before.quota;
    const changed = delta !== 0;
    if (changed) {
      await repo.setQuota(tx, app.id, parsed.type, quota, now);
      await repo.insertLedgerRow(tx, { applicationId: app.id, organizationId: app.organizationId, type: parsed.type, delta, reason, at: now });
    }
    return {
      applicationId: app.id,
      applicationName: app.name,
      billingType: app.billingType,
      type: parsed.type,
      reason,
      before: { quota: before.quota, usage: before.usage },
      after: { quota, usage: before.usage },
      delta,
      changed,
    };
  });
}

export interface Balances {
  applicationId: string;
  applicationName: string;
  billingType: BillingType;
  /** Every quota type (QUOTA_TYPES order; a type without a row has 0), in stored units. */
  quotas: { type: string; quota: number; usage: number; remaining: number }[];
  /** The newest BALANCE_LEDGER_ROWS ledger rows, newest first, deltas in stored units. */
  ledger: repo.LedgerRow[];
}

/**
 * Quota, usage and remaining (quota - usage) per type of application `input.app`, and its last
 * BALANCE_LEDGER_ROWS ledger rows. Reads only.
 * @throws AppError invalid_request (bad input), not_found (unknown application).
 */
export async function getBalances(db: Db, input: BalancesInput): Promise<Balances> {
  const { app: id } = parseOperatorInput(balancesInputSchema, input);
  const app = await liveApplication(db, id, false);
  const rows = await repo.quotaRows(db, app.id);
  const byType = new Map(rows.map((r) => [r.type, r]));
  const types = [...QUOTA_TYPES, ...rows.map((r) => r.type).filter((t) => !(QUOTA_TYPES as string[]).includes(t))];
  const quotas = types.map((type) => {
    const r = byType.get(type) ?? { quota: 0, usage: 0 };
    return { type, quota: r.quota, usage: r.usage, remaining: r.quota - r.usage };
  });
  return { applicationId: app.id, applicationName: app.name, billingType: app.billingType, quotas, ledger: await repo.recentLedgerRows(db, app.id, BALANCE_LEDGER_ROWS) };
}
