/**
 * The driver of each channel, chosen by configuration (ARCHITECTURE.md §4: EMAIL_DRIVER,
 * SMS_DRIVER, WHATSAPP_DRIVER; the sandbox is the default for every channel). Built once by
 * createServices (services.ts).
 */
import type { ChannelId } from '@pesan/contracts/channels';
import type { AppContext } from '../../context.ts';
import { sandboxSchedulerDeps } from '../../jobs/registry.ts';
import type { ChannelDriver } from './driver.ts';
import { createSandboxDriver } from './sandbox.ts';
import { createSmtpDriver } from './smtp.ts';
import { trackingKey } from '../email-tracking.ts';

/** The drivers of a process: the one for a channel, and closing their connections. */
export interface Drivers {
  driverFor(channel: ChannelId): ChannelDriver;
  /** Closes drivers holding connections (SMTP pools); a later send builds them again. */
  close(): void;
}

/** The configured drivers on `deps` (each built on first use). */
export function createDrivers(deps: Pick<AppContext, 'config' | 'boss' | 'now'>): Drivers {
  let built: Partial<Record<ChannelId, ChannelDriver>> = {};
  const build = (channel: ChannelId): ChannelDriver => {
    const c = deps.config;
    if (channel === 'email' && c.emailDriver === 'smtp' && c.emailSmtpUrl) {
      return createSmtpDriver({ smtpUrl: c.emailSmtpUrl, from: c.mailFrom, publicUrl: c.publicUrl, trackingKey: trackingKey(c.sessionSecret) });
    }
    return createSandboxDriver(sandboxSchedulerDeps(deps));
  };
  return {
    driverFor: (channel) => (built[channel] ??= build(channel)),
    close() {
      for (const d of Object.values(built)) (d as ChannelDriver & { close?: () => void }).close?.();
      built = {};
    },
  };
}
