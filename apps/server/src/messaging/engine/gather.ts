/**
 * Gathering writes (ARCHITECTURE.md §6.5): calls arriving in the same tick, or while the previous
 * write of their kind is running, are written together in one statement. Each caller resolves only
 * once its own item is written (or rejects with the write's error).
 */
import type { Db } from '../../db/client.ts';

/** At most this many items per write. */
const MAX_ITEMS = 500;

/**
 * A function that writes one item through `writeMany` (items of one database gathered into one
 * call, one call at a time per database).
 */
export function gathered<T>(writeMany: (db: Db, items: T[]) => Promise<void>): (db: Db, item: T) => Promise<void> {
  const buffers = new WeakMap<Db, { queue: { item: T; done: (err?: unknown) => void }[]; busy: boolean }>();
  return (db, item) => {
    let buf = buffers.get(db);
    if (!buf) buffers.set(db, (buf = { queue: [], busy: false }));
    const b = buf;
    return new Promise<void>((resolve, reject) => {
      b.queue.push({ item, done: (err) => (err === undefined ? resolve() : reject(err)) });
      if (b.busy) return;
      b.busy = true;
      setImmediate(async () => {
        while (b.queue.length) {
          const batch = b.queue.splice(0, MAX_ITEMS);
          try {
            await writeMany(
              db,
              batch.map((x) => x.item),
            );
            batch.forEach((x) => x.done());
          } catch (err) {
            batch.forEach((x) => x.done(err ?? new Error('write failed')));
          }
        }
        b.busy = false;
      });
    });
  };
}
