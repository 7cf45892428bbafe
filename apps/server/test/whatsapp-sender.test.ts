/**
 * The operator's `whatsapp:sender` command (ARCHITECTURE.md §4) and the sender shown read-only on
 * the application detail answer (issue 8): what it stores, what it prints, what it refuses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { whatsappSenders } from '../src/db/schema/carriers.ts';
import { parseArgv } from '../src/cli/admin-cli.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { createAccount, type Account } from './application-fixtures.ts';

describe('WhatsApp sender', () => {
  let t: TestApp;
  let a: Account;
  let b: Account;
  let appA: string;
  let appB: string;

  beforeAll(async () => {
    t = await createTestApp({ workers: false });
    a = await createAccount(t);
    b = await createAccount(t);
    const create = async (who: Account, name: string) =>
      (await t.app.inject({ method: 'POST', url: '/api/application', headers: who.headers, payload: { applicationName: name, channels: [{ channel: 'whatsapp' }] } })).json()
        .id as string;
    appA = await create(a, 'Shop');
    appB = await create(b, 'Clinic');
  });
  afterAll(async () => t.close());

  const run = (input: Record<string, unknown>) => t.ctx.services.admin.runAdminCommand({ command: 'whatsapp:sender', ...input }, new Date('2026-11-23T00:00:00Z'));
  const detail = async (who: Account, id: string) => t.app.inject({ method: 'GET', url: `/api/application/${id}`, headers: who.headers });
  const senderRows = async () => t.ctx.database.db.select().from(whatsappSenders);

  it('parses the CLI options of whatsapp:sender', () => {
    expect(parseArgv(['whatsapp:sender', '--app', appA, '--waba-id', '102290129340398', '--phone-number-id', '106540352242922', '--display-name', 'Shop', '--rate', '40'])).toEqual({
      command: { command: 'whatsapp:sender', app: appA, 'waba-id': '102290129340398', 'phone-number-id': '106540352242922', 'display-name': 'Shop', rate: '40' },
    });
  });

  it('shows no sender before the operator sets one', async () => {
    const res = await detail(a, appA);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.whatsapp_sender).toBeNull();
  });

  it('sets the sender, prints what changed, and the console shows it read-only to its organization only', async () => {
    const out = await run({ app: appA, 'waba-id': '102290129340398', 'phone-number-id': '106540352242922', 'display-name': 'Shop Official' });
    expect(out.output).toBe(`Application ${appA} (Shop): WhatsApp sender set to Shop Official, phone number id 106540352242922, WABA 102290129340398, default rate.\n`);
    expect((await detail(a, appA)).json().data.whatsapp_sender).toEqual({
      display_name: 'Shop Official',
      phone_number_id: '106540352242922',
      waba_id: '102290129340398',
      messages_per_second: null,
    });
    expect((await detail(b, appA)).statusCode).toBe(404);

    const changed = await run({ app: appA, 'waba-id': '102290129340398', 'phone-number-id': '106540352242922', 'display-name': 'Shop', rate: '40' });
    expect(changed.output).toContain('WhatsApp sender changed from Shop Official, phone number id 106540352242922, WABA 102290129340398, default rate to Shop, ');
    expect(changed.output).toContain('40 msg/s');
    const rows = await senderRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ applicationId: appA, organizationId: a.organizationId, displayName: 'Shop', messagesPerSecond: 40 });
  });

  it('refuses bad input with one clear message and changes nothing', async () => {
    const before = await senderRows();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ app: appB, 'waba-id': 'abc', 'phone-number-id': '106540352242923', 'display-name': 'X' }, 400, "--waba-id must be Meta's numeric id (digits only)"],
      [{ app: appB, 'waba-id': '102290129340398', 'display-name': 'X' }, 400, '--phone-number-id is required'],
      [{ app: appB, 'waba-id': '102290129340398', 'phone-number-id': '106540352242923', 'display-name': ' ' }, 400, '--display-name is required'],
      [{ app: appB, 'waba-id': '102290129340398', 'phone-number-id': '106540352242923', 'display-name': 'X', rate: '0' }, 400, '--rate must be at least 1'],
      [{ app: '00000000-0000-4000-8000-000000000000', 'waba-id': '102290129340398', 'phone-number-id': '106540352242923', 'display-name': 'X' }, 404, 'Application 00000000-0000-4000-8000-000000000000 not found'],
      // A number sends for one application only.
      [{ app: appB, 'waba-id': '102290129340398', 'phone-number-id': '106540352242922', 'display-name': 'X' }, 400, 'Phone number id 106540352242922 already sends for another application'],
    ];
    for (const [input, status, message] of cases) {
      const err = await run(input).then(
        () => null,
        (e: { statusCode: number; message: string }) => e,
      );
      expect(err, JSON.stringify(input)).not.toBeNull();
      expect([err!.statusCode, err!.message]).toEqual([status, message]);
    }
    expect(await senderRows()).toEqual(before);
    expect((await detail(b, appB)).json().data.whatsapp_sender).toBeNull();
    expect((await t.ctx.database.db.select().from(whatsappSenders).where(eq(whatsappSenders.applicationId, appB))).length).toBe(0);
  });
});
