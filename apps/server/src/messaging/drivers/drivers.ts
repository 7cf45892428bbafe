/**
 * The driver of each channel, chosen by configuration (ARCHITECTURE.md §4: EMAIL_DRIVER,
 * SMS_DRIVER, WHATSAPP_DRIVER; the sandbox is the default for every channel).
 */
import type { ChannelId } from '@pesan/contracts/channels';
import type { AppContext } from '../../context.ts';
import { sandboxSchedulerDeps } from '../../jobs/registry.ts';
import type { ChannelDriver } from './driver.ts';
import { createSandboxDriver } from './sandbox.ts';

const cache = new WeakMap<AppContext, Partial<Record<ChannelId, ChannelDriver>>>();

/** The configured driver of `channel` on `ctx` (built once per context). */
export function driverFor(ctx: AppContext, channel: ChannelId): ChannelDriver {
  let drivers = cache.get(ctx);
  if (!drivers) cache.set(ctx, (drivers = {}));
  return (drivers[channel] ??= createSandboxDriver(sandboxSchedulerDeps(ctx)));
}
