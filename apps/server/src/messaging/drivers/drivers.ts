/**
 * The driver of each channel, chosen by configuration (ARCHITECTURE.md §4: EMAIL_DRIVER,
 * SMS_DRIVER, WHATSAPP_DRIVER; the sandbox is the default for every channel).
 */
import type { ChannelId } from '@pesan/contracts/channels';
import type { AppContext } from '../../context.ts';
import { sandboxSchedulerDeps } from '../../jobs/registry.ts';
import type { ChannelDriver } from './driver.ts';
import { createSandboxDriver } from './sandbox.ts';
import { createSmtpDriver } from './smtp.ts';
import { trackingKey } from '../email-tracking.ts';

const cache = new WeakMap<AppContext, Partial<Record<ChannelId, ChannelDriver>>>();

function build(ctx: AppContext, channel: ChannelId): ChannelDriver {
  const c = ctx.config;
  if (channel === 'email' && c.emailDriver === 'smtp' && c.emailSmtpUrl) {
    return createSmtpDriver({ smtpUrl: c.emailSmtpUrl, from: c.mailFrom, publicUrl: c.publicUrl, trackingKey: trackingKey(c.sessionSecret) });
  }
  return createSandboxDriver(sandboxSchedulerDeps(ctx));
}

/** The configured driver of `channel` on `ctx` (built once per context). */
export function driverFor(ctx: AppContext, channel: ChannelId): ChannelDriver {
  let drivers = cache.get(ctx);
  if (!drivers) cache.set(ctx, (drivers = {}));
  return (drivers[channel] ??= build(ctx, channel));
}

/** Closes the drivers built for `ctx` that hold connections (SMTP pools); later sends build new ones. */
export function closeDrivers(ctx: AppContext): void {
  const drivers = cache.get(ctx);
  cache.delete(ctx);
  for (const d of Object.values(drivers ?? {})) (d as ChannelDriver & { close?: () => void }).close?.();
}
