/**
 * Operator commands (ARCHITECTURE.md §4 operator CLI): the quota service on the test database
 * (billing type, top-up and set with their ledger rows in one transaction, balances, every bad
 * input refused with one message and nothing changed), the text runAdminCommand prints, the CLI's
 * argv parsing, and the loopback admin endpoint through inject (loopback + key only; every other
 * caller gets the unknown-route 404 and changes nothing).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, parseArgv } from '../src/cli/admin-cli.ts';
import { applications } from '../src/db/schema/applications.ts';
import { quotas } from '../src/db/schema/quotas.ts';
import { consumeQuota } from '../src/messaging/messages.repo.ts';
import { ADMIN_KEY_FILE, adminKeyMatches, readAdminKey } from '../src/modules/admin/admin-key.ts';
import { runAdminCommand } from '../src/modules/admin/admin.service.ts';
import { changeQuota, getBalances, QUOTA_TYPES, setBillingType } from '../src/modules/quota/quota.service.ts';
import { AppError } from '../src/lib/errors.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { insertApplication, operatorState } from './quota-fixtures.ts';
import { insertTenant } from './v1-helper.ts';

let t: TestApp;
const db = () => t.ctx.database.db;
const now = () => new Date();

beforeAll(async () => {
  t = await createTestApp({ workers: false });
});
afterAll(async () => t.close());

/** The AppError `fn` rejects with (fails when it resolves). */
async function refusal(fn: () => Promise<unknown>): Promise<AppError> {
  const err = await fn().then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('quota service', () => {
  it('sets the billing type, and says so when it is already that type', async () => {
    const app = await insertApplication(db(), { name: 'Billing App' });
    const at = new Date('2030-01-02T03:04:05Z');
    expect(await setBillingType(db(), { app, type: 'pre-paid' }, at)).toEqual({ applicationId: app, applicationName: 'Billing App', from: 'post-paid', to: 'pre-paid', changed: true });
    expect((await operatorState(db(), app)).app).toEqual({ billingType: 'pre-paid', updatedAt: at });
    const again = await setBillingType(db(), { app, type: 'pre-paid' }, new Date());
    expect(again.changed).toBe(false);
    expect((await operatorState(db(), app)).app!.updatedAt).toEqual(at);
    await setBillingType(db(), { app, type: 'post-paid' }, now());
    expect((await operatorState(db(), app)).app!.billingType).toBe('post-paid');
  });

  it('tops up and sets quota, each change with its ledger row; call in minutes is stored in seconds', async () => {
    const app = await insertApplication(db(), { billingType: 'pre-paid' });
    const first = await changeQuota(db(), { app, type: 'sms', add: 100 }, now());
    expect(first).toMatchObject({ type: 'sms', reason: 'top-up', before: { quota: 0, usage: 0 }, after: { quota: 100, usage: 0 }, delta: 100, changed: true });
    await changeQuota(db(), { app, type: 'sms', add: '50' }, now());
    await changeQuota(db(), { app, type: 'call', add: 10 }, now());
    const set = await changeQuota(db(), { app, type: 'sms', set: 30 }, now());
    expect(set).toMatchObject({ reason: 'set', before: { quota: 150 }, after: { quota: 30 }, delta: -120 });

    const state = await operatorState(db(), app);
    expect(state.quotas.map((q) => [q.type, q.quota, q.usage])).toEqual([
      ['call', 600, 0],
      ['sms', 30, 0],
    ]);
    expect(state.ledger.map((l) => [l.type, l.delta, l.reason, l.messageId])).toEqual([
      ['sms', 100, 'top-up', null],
      ['sms', 50, 'top-up', null],
      ['call', 600, 'top-up', null],
      ['sms', -120, 'set', null],
    ]);
    // The ledger adds up to what remains.
    expect(state.ledger.filter((l) => l.type === 'sms').reduce((s, l) => s + l.delta, 0)).toBe(30);

    // A set to the current quota changes nothing and writes no ledger row.
    const same = await changeQuota(db(), { app, type: 'sms', set: 30 }, now());
    expect(same).toMatchObject({ changed: false, delta: 0 });
    expect((await operatorState(db(), app)).ledger).toHaveLength(4);
  });

  it('keeps usage: remaining is quota - usage, and a --set to 0 is allowed', async () => {
    const { applicationId: app, organizationId } = await insertTenant(db(), { name: 'Ops App', billingType: 'pre-paid' });
    await changeQuota(db(), { app, type: 'email', add: 5 }, now());
    expect(await consumeQuota(db(), { applicationId: app, organizationId, type: 'email', cost: 2, messageId: randomUUID(), at: now() })).toBe(true);
    const top = await changeQuota(db(), { app, type: 'email', add: 3 }, now());
    expect(top.after).toEqual({ quota: 8, usage: 2 });
    const balances = await getBalances(db(), { app });
    expect(balances.quotas.map((q) => q.type)).toEqual(QUOTA_TYPES);
    expect(balances.quotas.find((q) => q.type === 'email')).toEqual({ type: 'email', quota: 8, usage: 2, remaining: 6 });
    expect(balances.quotas.find((q) => q.type === 'sms')).toEqual({ type: 'sms', quota: 0, usage: 0, remaining: 0 });
    expect(balances.ledger.map((l) => [l.delta, l.reason])).toEqual([
      [3, 'top-up'],
      [-2, 'message'],
      [5, 'top-up'],
    ]);
    const zero = await changeQuota(db(), { app, type: 'email', set: 0 }, now());
    expect(zero).toMatchObject({ delta: -8, after: { quota: 0, usage: 2 } });
  });

  it('lists the last 10 ledger rows, newest first', async () => {
    const app = await insertApplication(db());
    for (let i = 1; i <= 12; i++) await changeQuota(db(), { app, type: 'wa_utility', add: i }, new Date(Date.UTC(2030, 0, 1, 0, i)));
    const { ledger } = await getBalances(db(), { app });
    expect(ledger.map((l) => l.delta)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
  });

  it('refuses bad input with one clear message and changes nothing', async () => {
    const app = await insertApplication(db(), { billingType: 'pre-paid' });
    await changeQuota(db(), { app, type: 'sms', add: 7 }, now());
    const deleted = await insertApplication(db());
    await db().update(applications).set({ deletedAt: now() }).where(eq(applications.id, deleted));
    const before = await operatorState(db(), app);
    const unknown = randomUUID();
    const cases: [() => Promise<unknown>, string, number][] = [
      [() => changeQuota(db(), { app: unknown, type: 'sms', add: 1 }, now()), `Application ${unknown} not found`, 404],
      [() => changeQuota(db(), { app: deleted, type: 'sms', add: 1 }, now()), `Application ${deleted} not found`, 404],
      [() => setBillingType(db(), { app: 'not-a-uuid', type: 'pre-paid' }, now()), 'Application not-a-uuid not found', 404],
      [() => getBalances(db(), { app: unknown }), `Application ${unknown} not found`, 404],
      [() => changeQuota(db(), { app, type: 'fax' as never, add: 1 }, now()), `Unknown quota type 'fax': use one of ${QUOTA_TYPES.join(', ')}`, 400],
      [() => changeQuota(db(), { app, type: 'sms', add: -5 }, now()), '--add must not be negative', 400],
      [() => changeQuota(db(), { app, type: 'sms', set: '-1' }, now()), '--set must not be negative', 400],
      [() => changeQuota(db(), { app, type: 'sms', add: 1.5 }, now()), '--add must be a whole number', 400],
      [() => changeQuota(db(), { app, type: 'sms', set: '2.5' }, now()), '--set must be a whole number', 400],
      [() => changeQuota(db(), { app, type: 'sms', add: 'ten' }, now()), '--add must be a whole number', 400],
      [() => changeQuota(db(), { app, type: 'sms', add: 0 }, now()), '--add must be at least 1', 400],
      [() => changeQuota(db(), { app, type: 'sms', add: 1e13 }, now()), '--add must be at most 1000000000000', 400],
      [() => changeQuota(db(), { app, type: 'sms', add: 1, set: 2 }, now()), 'Give either --add or --set, not both', 400],
      [() => changeQuota(db(), { app, type: 'sms' }, now()), 'Give --add N or --set N', 400],
      [() => changeQuota(db(), { type: 'sms', add: 1 } as never, now()), '--app is required', 400],
      [() => changeQuota(db(), { app } as never, now()), `--type is required: one of ${QUOTA_TYPES.join(', ')}`, 400],
      [() => setBillingType(db(), { app, type: 'free' as never }, now()), "Unknown billing type 'free': use pre-paid or post-paid", 400],
    ];
    for (const [fn, message, status] of cases) {
      const err = await refusal(fn);
      expect(err.message).toBe(message);
      expect(err.statusCode, message).toBe(status);
    }
    expect(await operatorState(db(), app)).toEqual(before);
    // A top-up past the largest safe integer is refused inside the transaction.
    await db().update(quotas).set({ quota: Number.MAX_SAFE_INTEGER - 5 }).where(and(eq(quotas.applicationId, app), eq(quotas.type, 'sms')));
    const nearMax = await operatorState(db(), app);
    expect((await refusal(() => changeQuota(db(), { app, type: 'sms', add: 10 }, now()))).message).toBe('The sms quota would exceed 9007199254740991 units');
    expect(await operatorState(db(), app)).toEqual(nearMax);
  });

  it('writes the quota and its ledger row in one transaction: a failed ledger insert leaves the quota as it was', async () => {
    const app = await insertApplication(db());
    await changeQuota(db(), { app, type: 'sms', add: 10 }, now());
    const before = await operatorState(db(), app);
    await db().execute(sql.raw(`create function pesan_test_fail_ledger() returns trigger language plpgsql as $$ begin raise exception 'ledger is down'; end $$`));
    await db().execute(sql.raw(`create trigger pesan_test_fail_ledger before insert on quota_ledger for each row execute function pesan_test_fail_ledger()`));
    try {
      await expect(changeQuota(db(), { app, type: 'sms', add: 5 }, now())).rejects.toThrow();
      await expect(changeQuota(db(), { app, type: 'email', set: 5 }, now())).rejects.toThrow();
    } finally {
      await db().execute(sql.raw('drop trigger pesan_test_fail_ledger on quota_ledger'));
      await db().execute(sql.raw('drop function pesan_test_fail_ledger()'));
    }
    expect(await operatorState(db(), app)).toEqual(before);
  });
});

describe('runAdminCommand (the text the CLI prints)', () => {
  it('describes each change and the balances', async () => {
    const app = await insertApplication(db(), { name: 'Text App' });
    const run = async (cmd: object) => (await runAdminCommand(db(), cmd, now())).output;
    expect(await run({ command: 'billing', app, type: 'pre-paid' })).toBe(`Application ${app} (Text App): billing type changed from post-paid to pre-paid.\n`);
    expect(await run({ command: 'billing', app, type: 'pre-paid' })).toBe(`Application ${app} (Text App): billing type is already pre-paid; nothing changed.\n`);
    expect(await run({ command: 'quota', app, type: 'call', add: '10' })).toBe(
      `Application ${app} (Text App): call quota topped up by 10 min: quota 0 min -> 10 min, usage 0 min, remaining 10 min.\nLedger row: call +10 min (top-up).\n`,
    );
    expect(await run({ command: 'quota', app, type: 'sms', set: 250 })).toBe(
      `Application ${app} (Text App): sms quota set to 250: quota 0 -> 250, usage 0, remaining 250.\nLedger row: sms +250 (set).\n`,
    );
    expect(await run({ command: 'quota', app, type: 'sms', set: 250 })).toBe(`Application ${app} (Text App): sms quota is already 250; nothing changed (usage 0, remaining 250).\n`);
    const balances = await run({ command: 'balances', app });
    expect(balances).toContain(`Application ${app} (Text App), billing type pre-paid\n`);
    expect(balances).toMatch(/\ntype +quota +usage +remaining\n/);
    expect(balances).toMatch(/\ncall \(min\) +10 +0 +10\n/);
    expect(balances).toMatch(/\nsms +250 +0 +250\n/);
    expect(balances).toMatch(/\nLast 2 ledger rows, newest first:\n\S+Z {2}sms +\+250 {2}set\n\S+Z {2}call \(min\) +\+10 {2}top-up\n$/);
    await run({ command: 'billing', app, type: 'post-paid' });
    expect(await run({ command: 'quota', app, type: 'email', add: 1 })).toContain('\nNote: the application is post-paid, so its messages take no quota until its billing type is pre-paid.\n');
    const empty = await insertApplication(db());
    expect(await run({ command: 'balances', app: empty })).toMatch(/\nNo ledger rows yet\.\n$/);
  });

  it('refuses an unknown command', async () => {
    expect((await refusal(() => runAdminCommand(db(), { command: 'drop', app: 'x' }, now()))).message).toBe('Unknown command: use one of billing, quota, balances, whatsapp:sender, rate, verify:countries, verify:limit, operator, docs:import, storage');
  });
});

describe('admin CLI argv', () => {
  it('parses each command and refuses bad usage with one line (exit 2) before opening anything', async () => {
    expect(parseArgv(['quota', '--app', 'A', '--type', 'sms', '--add', '5'])).toEqual({ command: { command: 'quota', app: 'A', type: 'sms', add: '5' } });
    expect(parseArgv(['quota', '--app=A', '--type', 'sms', '--set', '-3'])).toEqual({ command: { command: 'quota', app: 'A', type: 'sms', set: '-3' } });
    expect(parseArgv(['billing', '--help'])).toMatchObject({ exitCode: 0, help: expect.stringContaining('billing --app <id> --type pre-paid|post-paid') });
    const lines: string[] = [];
    const io = { out: (s: string) => void lines.push(`out:${s}`), err: (s: string) => void lines.push(`err:${s}`) };
    const run = async (...argv: string[]) => {
      lines.length = 0;
      // DATA_DIR points nowhere: none of these may get as far as the database.
      const code = await main(argv, { DATA_DIR: '/nonexistent/pesan-admin' }, io);
      return { code, text: lines.join('') };
    };
    expect(await run('--help')).toMatchObject({ code: 0, text: expect.stringMatching(/^out:Pesan operator commands\.[\s\S]*billing --app[\s\S]*quota --app[\s\S]*balances --app/) });
    expect((await run()).code).toBe(2);
    expect((await run()).text).toContain('Commands:');
    const usage: [string[], string][] = [
      [['frob'], "Unknown command 'frob': use one of billing, quota, balances, whatsapp:sender, rate, verify:countries, verify:limit, operator, docs:import, storage (see npm run admin -- --help)"],
      [['quota', '--app', 'A', '--type', 'sms', '--add', '-3'], '--add must not be negative'],
      [['quota', '--app', 'A', '--type', 'sms', '--add', '1.5'], '--add must be a whole number'],
      [['quota', '--app', 'A', '--type', 'sms', '--add', '1', '--set', '2'], 'Give either --add or --set, not both'],
      [['quota', '--app', 'A', '--type', 'fax', '--add', '1'], `Unknown quota type 'fax': use one of ${QUOTA_TYPES.join(', ')}`],
      [['quota', '--app', 'A', '--type', 'sms', '--add'], '--add needs a value (see npm run admin -- quota --help)'],
      [['quota', '--app', 'A', '--type', 'sms', '--frob', '1'], "Unknown option '--frob' for quota (see npm run admin -- quota --help)"],
      [['balances', '--app', 'A', 'extra'], "Unexpected argument 'extra' (see npm run admin -- balances --help)"],
      [['billing', '--type', 'pre-paid'], '--app is required'],
    ];
    for (const [argv, message] of usage) expect(await run(...argv), argv.join(' ')).toEqual({ code: 2, text: `err:Error: ${message}\n` });
  });
});

describe('admin endpoint', () => {
  const post = (opts: { key?: string | null; remoteAddress?: string; headers?: Record<string, string>; payload: object }) =>
    t.app.inject({
      method: 'POST',
      url: '/admin/commands',
      remoteAddress: opts.remoteAddress ?? '127.0.0.1',
      headers: { ...(opts.key === null ? {} : { authorization: `Bearer ${opts.key ?? readAdminKey(t.dataDir)}` }), ...opts.headers },
      payload: opts.payload,
    });

  it('keeps its key in DATA_DIR/admin-key, readable by the owner only', () => {
    const key = readAdminKey(t.dataDir);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(readFileSync(`${t.dataDir}/${ADMIN_KEY_FILE}`, 'utf8').trim()).toBe(key);
    if (process.platform !== 'win32') expect(statSync(`${t.dataDir}/${ADMIN_KEY_FILE}`).mode & 0o777).toBe(0o600);
    expect(adminKeyMatches(key!, key!)).toBe(true);
    expect(adminKeyMatches(key!, `${key}x`)).toBe(false);
    expect(adminKeyMatches(key!, undefined)).toBe(false);
  });

  it('runs a command for a loopback caller with the key', async () => {
    const app = await insertApplication(db(), { billingType: 'pre-paid' });
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await post({ remoteAddress, payload: { command: 'quota', app, type: 'sms', add: 5 } });
      expect(res.statusCode, remoteAddress).toBe(200);
      expect(res.json().output).toMatch(new RegExp(`^Application ${app} \\(Ops App\\): sms quota topped up by 5: `));
    }
    expect((await operatorState(db(), app)).quotas.map((q) => q.quota)).toEqual([15]);
    const balances = await post({ payload: { command: 'balances', app } });
    expect(balances.json().output).toMatch(/\nsms +15 +0 +15\n/);
  });

  it('answers a bad command or an unknown application with the envelope and changes nothing', async () => {
    const app = await insertApplication(db());
    const before = await operatorState(db(), app);
    const bad = await post({ payload: { command: 'quota', app, type: 'sms', add: -1 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'invalid_request', message: '--add must not be negative' });
    const both = await post({ payload: { command: 'quota', app, type: 'sms', add: 1, set: 1 } });
    expect(both.json().error).toMatchObject({ code: 'invalid_request', message: 'Give either --add or --set, not both' });
    const unknown = randomUUID();
    const missing = await post({ payload: { command: 'billing', app: unknown, type: 'pre-paid' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toMatchObject({ code: 'not_found', message: `Application ${unknown} not found` });
    expect(await operatorState(db(), app)).toEqual(before);
  });

  it('is an unknown route (404) to anyone else, before reading the body, and changes nothing', async () => {
    const app = await insertApplication(db());
    const before = await operatorState(db(), app);
    const payload = { command: 'billing', app, type: 'pre-paid' };
    const refused = [
      await post({ key: 'wrong-key-wrong-key-wrong-key-wrong-key-wr', payload }),
      await post({ key: `${readAdminKey(t.dataDir)}x`, payload }),
      await post({ key: null, payload }),
      await post({ key: '', payload }),
      await post({ remoteAddress: '10.1.2.3', payload }),
      await post({ remoteAddress: '192.168.1.20', payload }),
      await post({ remoteAddress: '::ffff:10.0.0.1', payload }),
      await post({ headers: { 'x-forwarded-for': '203.0.113.9' }, payload }),
      await post({ headers: { forwarded: 'for=203.0.113.9' }, payload }),
      await post({ key: null, headers: { 'x-admin-key': readAdminKey(t.dataDir)! }, payload }),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: 'No route POST /admin/commands', request_id: res.headers['x-request-id'] } });
    }
    // A body the endpoint would refuse is not even parsed for a refused caller.
    const junk = await t.app.inject({ method: 'POST', url: '/admin/commands', remoteAddress: '10.1.2.3', headers: { 'content-type': 'text/plain' }, payload: 'x' });
    expect(junk.statusCode).toBe(404);
    expect(await operatorState(db(), app)).toEqual(before);
  });

  it('is not in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/admin'))).toEqual([]);
  });
});
