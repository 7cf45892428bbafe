/**
 * The webhook delivery pool (issue 23 item 4): slots per endpoint and in all, waiting lines served
 * in turns across endpoints, full lines refused, and a stop that drops waiting work and aborts
 * running work.
 */
import { describe, expect, it } from 'vitest';
import { createDeliveryPool } from '../src/modules/webhooks/delivery-pool.ts';

/** A task that runs until released (or aborted), recording when it started. */
function gate(log: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((r) => (release = r));
  const task = async (signal: AbortSignal) => {
    log.push(name);
    await Promise.race([done, new Promise<void>((r) => signal.addEventListener('abort', () => r()))]);
    return signal.aborted ? `${name}:aborted` : name;
  };
  return { task, release };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('webhook delivery pool', () => {
  it('keeps one endpoint to its slots and serves waiting endpoints in turns', async () => {
    const pool = createDeliveryPool<string>({ perKey: 2, total: 3, maxWaitingPerKey: 3, maxWaiting: 10 });
    const log: string[] = [];
    const slow = [1, 2, 3, 4].map((i) => gate(log, `slow${i}`));
    slow.forEach((g, i) => pool.offer('slow', `s${i}`, g.task));
    await tick();
    // The slow endpoint has its 2 slots; its others wait without taking the third.
    expect(log).toEqual(['slow1', 'slow2']);
    expect([pool.running(), pool.running('slow'), pool.waiting()]).toEqual([2, 2, 2]);
    const a = gate(log, 'a1');
    const result = pool.offer('a', 'a1', a.task);
    await tick();
    expect(log).toEqual(['slow1', 'slow2', 'a1']);
    // Every slot is taken: new work of two endpoints waits, then they take turns as slots free.
    const b = [gate(log, 'b1'), gate(log, 'b2')];
    b.forEach((g, i) => pool.offer('b', `b${i}`, g.task));
    const c = gate(log, 'c1');
    pool.offer('c', 'c1', c.task);
    a.release();
    expect(await result).toBe('a1');
    await tick();
    expect(log.slice(3)).toEqual(['b1']);
    // A freed slot of the slow endpoint goes back to its own line (within its share)...
    slow[0]!.release();
    await tick();
    await tick();
    expect(log.slice(4)).toEqual(['slow3']);
    // ...and one of another endpoint to the endpoint served longest ago: c before b's second.
    b[0]!.release();
    await tick();
    await tick();
    expect(log.slice(5)).toEqual(['c1']);
    // An id offered again gets the same promise; a full line is refused.
    expect(pool.offer('a', 'c1', c.task)).not.toBeNull();
    expect(pool.offer('slow', 's8', gate(log, 'x').task)).not.toBeNull();
    expect(pool.offer('slow', 's9', gate(log, 'y').task)).not.toBeNull();
    expect(pool.offer('slow', 's10', gate(log, 'z').task)).toBeNull();
    for (const g of [...slow, ...b, c]) g.release();
  });

  it('stops: waiting work is dropped, running work is aborted after the grace', async () => {
    const pool = createDeliveryPool<string>({ perKey: 1, total: 2, maxWaitingPerKey: 5, maxWaiting: 5 });
    const log: string[] = [];
    const running = pool.offer('k', '1', gate(log, 'one').task);
    const waiting = pool.offer('k', '2', gate(log, 'two').task);
    await tick();
    await pool.stop(10, 'dropped');
    expect(await running).toBe('one:aborted');
    expect(await waiting).toBe('dropped');
    expect(log).toEqual(['one']);
    expect(pool.offer('k', '3', gate(log, 'three').task)).toBeNull();
  });

  it('refuses an endpoint share as large as the pool', () => {
    expect(() => createDeliveryPool({ perKey: 4, total: 4, maxWaitingPerKey: 1, maxWaiting: 1 })).toThrow();
  });
});
