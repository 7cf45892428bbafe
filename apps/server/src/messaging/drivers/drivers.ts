/**
 * The driver of each channel, chosen by configuration (ARCHITECTURE.md §4: EMAIL_DRIVER,
 * SMS_DRIVER, WHATSAPP_DRIVER; the sandbox is the default for every channel). Built once by
 * createServices (services.ts); one instance per driver, so SMS and SMS OTP share one SMPP bind.
 */
import type { ChannelId } from '@pesan/contracts/channels';
import type { AppContext } from '../../context.ts';
import { scheduleFirstSandboxStep } from '../engine/sandbox-steps.ts';
import type { ChannelDriver } from './driver.ts';
import { createSandboxDriver } from './sandbox.ts';
import { createSmtpDriver } from './smtp.ts';
import { createSmppDriver } from './smpp.ts';
import { findChannelSender } from '../sms-senders.repo.ts';
import { takeSmppReceipt } from '../smpp-receipts.ts';
import { createWhatsappCloudDriver } from './whatsapp-cloud.ts';
import { trackingKey } from '../email-tracking.ts';

/** The drivers of a process: the one for a channel, starting and closing their connections. */
export interface Drivers {
  driverFor(channel: ChannelId): ChannelDriver;
  /** Opens the connections the configured drivers keep (the SMPP bind), in the background; worker role. */
  start(): Promise<void>;
  /** Closes drivers holding connections (SMTP pools, the SMPP bind); a later send builds them again. */
  close(): Promise<void>;
}

type DriverName = ChannelDriver['name'];

/** The configured driver name of `channel` (ARCHITECTURE.md §4). */
function driverNameFor(config: AppContext['config'], channel: ChannelId): DriverName {
  if (channel === 'email' && config.emailDriver === 'smtp') return 'smtp';
  if ((channel === 'sms' || channel === 'sms_otp') && config.smsDriver === 'smpp') return 'smpp';
  if (channel === 'whatsapp' && config.whatsappDriver === 'cloud') return 'whatsapp-cloud';
  return 'sandbox';
}

/** The configured drivers on `deps` (each built on first use). */
export function createDrivers(deps: Pick<AppContext, 'config' | 'boss' | 'now' | 'database'>): Drivers {
  let built: Partial<Record<DriverName, ChannelDriver>> = {};
  const c = deps.config;
  const build = (name: DriverName): ChannelDriver => {
    switch (name) {
      case 'smtp':
        return createSmtpDriver({ smtpUrl: c.emailSmtpUrl!, from: c.mailFrom, publicUrl: c.publicUrl, trackingKey: trackingKey(c.sessionSecret) });
      case 'smpp':
        return createSmppDriver({
          smppUrl: c.smppUrl!,
          rate: c.smppRate,
          window: c.smppWindow,
          senderFor: (applicationId, channel) => findChannelSender(deps.database.db, applicationId, channel),
          onReceipt: (receipt) => takeSmppReceipt(deps.database.db, receipt),
          now: deps.now,
        });
      case 'whatsapp-cloud':
        return createWhatsappCloudDriver({ db: deps.database.db, graphUrl: c.whatsappGraphUrl, token: c.whatsappToken!, rate: c.whatsappRate });
      default:
        return createSandboxDriver({ db: deps.database.db, scheduleFirstStep: (message) => scheduleFirstSandboxStep({ db: deps.database.db, now: deps.now, delayMs: c.sandboxDelayMs }, message) });
    }
  };
  const driverFor = (channel: ChannelId): ChannelDriver => {
    const name = driverNameFor(c, channel);
    return (built[name] ??= build(name));
  };
  return {
    driverFor,
    async start() {
      const channels: ChannelId[] = ['sms', 'whatsapp', 'email'];
      for (const ch of channels) await driverFor(ch).start?.();
    },
    async close() {
      const all = Object.values(built);
      built = {};
      for (const d of all) await d.close?.();
    },
  };
}
