/**
 * Binds a module's service functions to the dependencies they take as first argument, so a
 * factory in services.ts hands out `service.fn(args)` instead of `fn(deps, args)` (ARCHITECTURE.md
 * §3: services built by factories that receive only what they use).
 */

/** The functions of `fns` with their first parameter (`deps`) removed. */
export type Bound<D, F> = { [K in keyof F]: F[K] extends (deps: D, ...args: infer A) => infer R ? (...args: A) => R : never };

/** `fns` with `deps` bound as each function's first argument. */
export function withDeps<D, F extends Record<string, (deps: D, ...args: never[]) => unknown>>(deps: D, fns: F): Bound<D, F> {
  const out: Record<string, unknown> = {};
  for (const [name, fn] of Object.entries(fns)) out[name] = (...args: never[]) => fn(deps, ...args);
  return out as Bound<D, F>;
}
