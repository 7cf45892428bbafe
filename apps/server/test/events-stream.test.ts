/**
 * The live stream `GET /api/events/stream` (issue 28) over real HTTP on loopback: status changes
 * recorded through the status pipeline arrive as `status` events for the watched messages of the
 * right organization only, and as `activity` sums for the rest; a stream resumed with
 * Last-Event-ID gets exactly the watched changes it missed, in order, and a sum of the others; a
 * signed-out session's stream ends; a user's streams are capped; anonymous calls get 401.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gt } from 'drizzle-orm';
import { STREAM_LIMITS, type ActivityEvent, type StatusEvent } from '@pesan/contracts/events';
import { applications } from '../src/db/schema/applications.ts';
import { statusOutbox } from '../src/db/schema/messages.ts';
import { recordStatuses } from '../src/messaging/engine/status-recorder.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { createAccount, insertMessage, type Account } from './application-fixtures.ts';

let t: TestApp;
let base: string;
let a: Account;
let b: Account;
let appA: string;
let appA2: string;
let appB: string;

beforeAll(async () => {
  t = await createTestApp({ workers: false });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  a = await createAccount(t);
  b = await createAccount(t);
  const app = async (acc: Account, name: string) => {
    const [row] = await t.ctx.database.db.insert(applications).values({ organizationId: acc.organizationId, userId: acc.userId, name, billingType: 'post-paid' }).returning({ id: applications.id });
    return row!.id;
  };
  appA = await app(a, 'A one');
  appA2 = await app(a, 'A two');
  appB = await app(b, 'B one');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

interface Frame {
  id?: string;
  event: string;
  data: unknown;
}

/** An open stream: frames as they arrive, a wait for a condition, and close. */
async function openStream(acc: Account, query = '', headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/events/stream${query}`, { headers: { cookie: acc.cookie, accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const frames: Frame[] = [];
  let ended = false;
  if (res.ok) {
    void (async () => {
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let buf = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buf += value;
          let i: number;
          while ((i = buf.indexOf('\n\n')) >= 0) {
            const block = buf.slice(0, i);
            buf = buf.slice(i + 2);
            const f: Partial<Frame> & { dataText?: string } = {};
            for (const line of block.split('\n')) {
              if (line.startsWith('id: ')) f.id = line.slice(4);
              else if (line.startsWith('event: ')) f.event = line.slice(7);
              else if (line.startsWith('data: ')) f.dataText = line.slice(6);
            }
            if (f.event) frames.push({ id: f.id, event: f.event, data: f.dataText ? JSON.parse(f.dataText) : null });
          }
        }
      } catch {
        // aborted
      }
      ended = true;
    })();
  }
  return {
    res,
    frames,
    statuses: () => frames.filter((f) => f.event === 'status').map((f) => f.data as StatusEvent),
    activity: () => frames.filter((f) => f.event === 'activity').map((f) => f.data as ActivityEvent),
    ended: () => ended,
    async until(cond: () => boolean, timeoutMs = 5000) {
      const start = Date.now();
      while (!cond()) {
        if (Date.now() - start > timeoutMs) throw new Error(`timed out; frames: ${JSON.stringify(frames)}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => controller.abort(),
  };
}

/** A new message of `applicationId`, status submitted (no outbox row yet). */
const newMessage = (acc: Account, applicationId: string) =>
  insertMessage(t, { organizationId: acc.organizationId, applicationId, channel: 'sms', recipient: '+6281200000001', status: 'submitted' });

/** Moves message `id` submitted -> sent -> delivered through the status pipeline (in_queue is recorded as a skipped step): 3 changes. */
const move = (id: string) =>
  recordStatuses(t.ctx.database.db, [
    { messageId: id, status: 'sent', at: new Date() },
    { messageId: id, status: 'delivered', at: new Date() },
  ]);

/** A new message of `applicationId`, moved to delivered (3 changes). */
async function deliver(acc: Account, applicationId: string) {
  const id = await newMessage(acc, applicationId);
  await move(id);
  return id;
}

const outboxOf = (organizationId: string, after = 0) =>
  t.ctx.database.db
    .select({ id: statusOutbox.id, messageId: statusOutbox.messageId, status: statusOutbox.status })
    .from(statusOutbox)
    .where(and(eq(statusOutbox.organizationId, organizationId), gt(statusOutbox.id, after)))
    .orderBy(asc(statusOutbox.id));

/** The summed counts of `activity` events for one application: created and per status. */
function sums(events: ActivityEvent[], applicationId: string) {
  let created = 0;
  const statuses: Record<string, number> = {};
  for (const e of events)
    for (const c of e.changes) {
      if (c.application_id !== applicationId) continue;
      created += c.created;
      for (const [k, n] of Object.entries(c.statuses)) statuses[k] = (statuses[k] ?? 0) + n;
    }
  return { created, statuses };
}

const watch = (...ids: string[]) => ids.map((id) => `message_id=${id}`).join('&');

describe('live stream', () => {
  it('refuses anonymous calls with 401 before streaming', async () => {
    const res = await fetch(`${base}/api/events/stream`, { headers: { accept: 'text/event-stream' } });
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe('unauthorized');
  });

  it("delivers a watched message's changes within 2 s, and never to another organization watching its id", async () => {
    const mine = await newMessage(a, appA);
    const theirs = await newMessage(b, appB);
    const sa = await openStream(a, `?${watch(mine, theirs)}`);
    const sb = await openStream(b, `?${watch(mine, theirs)}`);
    expect(sa.res.status).toBe(200);
    expect(sa.res.headers.get('content-type')).toContain('text/event-stream');
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    await move(mine);
    await move(theirs);
    await sa.until(() => sa.statuses().filter((e) => e.message_id === mine).length === 3, 2000);
    expect(Date.now() - started).toBeLessThan(2000);
    await sb.until(() => sb.statuses().filter((e) => e.message_id === theirs).length === 3, 2000);
    expect(sa.statuses().map((e) => [e.message_id, e.previous_status, e.status])).toEqual([
      [mine, 'submitted', 'in_queue'],
      [mine, 'in_queue', 'sent'],
      [mine, 'sent', 'delivered'],
    ]);
    expect(sa.statuses().every((e) => e.application_id === appA && e.channel === 'sms')).toBe(true);
    // Watching another organization's message id gives nothing of it, in status or activity events.
    expect(sb.statuses().some((e) => e.message_id === mine)).toBe(false);
    await sb.until(() => sb.activity().length > 0, 3000);
    expect(sb.activity().flatMap((e) => e.changes.map((c) => c.application_id))).not.toContain(appA);
    // Event ids are the outbox ids, in order.
    const rows = await outboxOf(a.organizationId);
    expect(sa.frames.filter((f) => f.event === 'status').map((f) => f.id)).toEqual(rows.filter((r) => r.messageId === mine).map((r) => String(r.id)));
    sa.close();
    sb.close();
  });

  it('sums the changes of unwatched messages into one activity event per 500 ms, per application and channel', async () => {
    const s = await openStream(a, `?application_id=${appA}`);
    await new Promise((r) => setTimeout(r, 100));
    const ids = [await deliver(a, appA), await deliver(a, appA), await deliver(a, appA2)];
    await s.until(() => sums(s.activity(), appA).statuses.delivered === 2, 3000);
    await new Promise((r) => setTimeout(r, STREAM_LIMITS.activityMs + 200));
    expect(sums(s.activity(), appA)).toEqual({ created: 2, statuses: { in_queue: 2, sent: 2, delivered: 2 } });
    expect(s.statuses()).toHaveLength(0);
    const last = s.activity().at(-1)!;
    expect(last.changes.every((c) => c.application_id === appA && c.channel === 'sms')).toBe(true);
    // The event id is the newest outbox id it covers: what a resume starts after.
    const rows = await outboxOf(a.organizationId);
    expect(last.id).toBe(String(Math.max(...rows.filter((r) => ids.slice(0, 2).includes(r.messageId)).map((r) => r.id))));
    expect(s.frames.filter((f) => f.event === 'activity').at(-1)!.id).toBe(last.id);
    s.close();
  });

  it('filters by the applications on screen', async () => {
    const other = await newMessage(a, appA);
    const shown = await newMessage(a, appA2);
    const s = await openStream(a, `?application_id=${appA2}&${watch(other, shown)}`);
    await new Promise((r) => setTimeout(r, 100));
    await move(other);
    await move(shown);
    await s.until(() => s.statuses().filter((e) => e.message_id === shown).length === 3);
    await s.until(() => sums(s.activity(), appA2).statuses.delivered === 1, 3000);
    expect(s.statuses().some((e) => e.message_id === other)).toBe(false);
    expect(sums(s.activity(), appA).created).toBe(0);
    s.close();
  });

  it('resumes after Last-Event-ID with exactly the missed changes of watched messages, in order, and a sum of the rest', async () => {
    const first = await newMessage(a, appA);
    const missed = [await newMessage(a, appA), await newMessage(a, appA2)];
    const after = await newMessage(a, appA);
    const q = `?${watch(first, ...missed, after)}`;
    const s1 = await openStream(a, q);
    await new Promise((r) => setTimeout(r, 100));
    await move(first);
    await s1.until(() => s1.statuses().filter((e) => e.message_id === first).length === 3);
    const lastId = s1.frames.filter((f) => f.event === 'status').at(-1)!.id!;
    s1.close();
    for (const id of missed) await move(id);
    const unwatched = await deliver(a, appA);
    await deliver(b, appB);
    const expected = (await outboxOf(a.organizationId, Number(lastId))).filter((r) => missed.includes(r.messageId)).map((r) => String(r.id));
    expect(expected).toHaveLength(6);
    const s2 = await openStream(a, q, { 'last-event-id': lastId });
    await s2.until(() => s2.statuses().length >= 6 && s2.activity().length >= 1);
    // The sum of what was missed: the two watched messages and the unwatched one, of both applications; nothing of b.
    const resumed = s2.activity()[0]!;
    expect(resumed.resumed).toBe(true);
    expect(sums([resumed], appA)).toEqual({ created: 2, statuses: { in_queue: 2, sent: 2, delivered: 2 } });
    expect(sums([resumed], appA2)).toEqual({ created: 1, statuses: { in_queue: 1, sent: 1, delivered: 1 } });
    expect(resumed.changes.some((c) => c.application_id === appB)).toBe(false);
    expect(resumed.id).toBe(String(Math.max(...(await outboxOf(a.organizationId, Number(lastId))).filter((r) => r.messageId === unwatched).map((r) => r.id))));
    await move(after);
    await s2.until(() => s2.statuses().some((e) => e.message_id === after && e.status === 'delivered'));
    const got = s2.frames.filter((f) => f.event === 'status');
    expect(got.slice(0, 6).map((f) => f.id)).toEqual(expected);
    expect(new Set(got.slice(0, 6).map((f) => (f.data as StatusEvent).message_id))).toEqual(new Set(missed));
    // No repeats, and the live ones follow.
    expect(new Set(got.map((f) => f.id)).size).toBe(got.length);
    expect(got.slice(6).map((f) => (f.data as StatusEvent).message_id)).toEqual([after, after, after]);
    s2.close();
  });

  it('sends one reset event when more changes of watched messages were missed than it replays', async () => {
    const [row] = await outboxOf(a.organizationId);
    const filler = Array.from({ length: STREAM_LIMITS.resumeMax + 1 }, () => ({
      messageId: row!.messageId,
      organizationId: a.organizationId,
      applicationId: appA,
      channel: 'sms',
      status: 'delivered',
      previousStatus: 'sent',
      at: new Date(),
    }));
    const before = (await outboxOf(a.organizationId)).at(-1)!.id;
    await t.ctx.database.db.insert(statusOutbox).values(filler);
    const s = await openStream(a, `?last_event_id=${before}&${watch(row!.messageId)}`);
    await s.until(() => s.frames.some((f) => f.event === 'reset'));
    expect(s.statuses()).toHaveLength(0);
    const reset = s.frames.find((f) => f.event === 'reset')!;
    const newest = (await outboxOf(a.organizationId)).at(-1)!.id;
    expect(reset.id).toBe(String(newest));
    s.close();
  });

  it('sends reset when the last event id is too far behind to sum', async () => {
    const newest = (await outboxOf(a.organizationId)).at(-1)!.id;
    const s = await openStream(a, `?last_event_id=0`);
    if (newest <= STREAM_LIMITS.resumeScanMax) {
      // A small outbox: everything is summed instead.
      await s.until(() => s.activity().some((e) => e.resumed));
    } else await s.until(() => s.frames.some((f) => f.event === 'reset'));
    s.close();
  });

  it('refuses more watched messages than the limit, or one that is no message id, with 400', async () => {
    const ids = Array.from({ length: STREAM_LIMITS.maxWatched + 1 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const res = await fetch(`${base}/api/events/stream?${watch(...ids)}`, { headers: { cookie: a.cookie, accept: 'text/event-stream' } });
    expect(res.status).toBe(400);
    const bad = await fetch(`${base}/api/events/stream?${watch(ids[0]!, 'not-an-id')}`, { headers: { cookie: a.cookie, accept: 'text/event-stream' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('`message_id` must be a message id (a UUID)');
    const badApp = await fetch(`${base}/api/events/stream?application_id=not-an-app`, { headers: { cookie: a.cookie, accept: 'text/event-stream' } });
    expect(badApp.status).toBe(400);
    expect(JSON.stringify(await badApp.json())).toContain('`application_id` must be an application id (a UUID)');
  });

  it('ends the stream of a session that signed out', async () => {
    const c = await createAccount(t);
    const s = await openStream(c);
    expect(s.res.status).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: c.headers });
    expect(out.statusCode).toBe(204);
    await t.ctx.services.events.hub.checkSessions();
    await s.until(() => s.ended());
    expect(s.frames.at(-1)).toMatchObject({ event: 'end', data: { reason: 'session_ended' } });
    // A new stream of that cookie is refused.
    expect((await fetch(`${base}/api/events/stream`, { headers: { cookie: c.cookie, accept: 'text/event-stream' } })).status).toBe(401);
  });

  it(`caps a user's open streams at ${STREAM_LIMITS.perUser}: one more is a 429`, async () => {
    const c = await createAccount(t);
    const open = [];
    for (let i = 0; i < STREAM_LIMITS.perUser; i++) open.push(await openStream(c));
    expect(open.every((s) => s.res.status === 200)).toBe(true);
    const extra = await openStream(c);
    expect(extra.res.status).toBe(429);
    expect((await extra.res.json()).error.code).toBe('rate_limited');
    open[0]!.close();
    // The hub forgets a closed stream: a new one fits again.
    const start = Date.now();
    let again = await openStream(c);
    while (again.res.status === 429 && Date.now() - start < 3000) {
      await new Promise((r) => setTimeout(r, 50));
      again = await openStream(c);
    }
    expect(again.res.status).toBe(200);
    for (const s of [...open, again]) s.close();
  });

  it('refuses a malformed last_event_id with 400 and opens nothing', async () => {
    const res = await fetch(`${base}/api/events/stream?last_event_id=abc`, { headers: { cookie: a.cookie, accept: 'text/event-stream' } });
    expect(res.status).toBe(400);
  });
});
