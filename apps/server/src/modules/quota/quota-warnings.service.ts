/**
 * Prepaid quota on the console (ARCHITECTURE.md §5; console.md §2 Notification settings, §3
 * Remaining quota entry and Quota threshold settings, §4 Remaining Quota panel and Quota warning,
 * §7 Billing and quota) and the quota warning e-mails (issue 10).
 *
 * Every console call is scoped to the caller's organization: another organization's application
 * (or a deleted or malformed id) is 404 `not_found` (application.service getApplication).
 *
 * Warnings: a ticked channel (reminder on, threshold > 0) of a pre-paid application whose settings
 * are on (disable false) warns when its remaining quota (quota - usage, at least 0; stored units,
 * seconds for call) is at or below its threshold. One e-mail per crossing to every recipient: the
 * threshold row's `armed` flag is cleared by a conditional update in a transaction that also
 * locks the thresholds, so concurrent checks send one e-mail; it is set again when a check finds
 * the remaining quota above the threshold (a top-up). Each warning is a quota_warnings row.
 */
import { QUOTA_MESSAGES, QUOTA_TYPE_IDS, CALL_SECONDS_PER_MINUTE, type BalanceCheck, type BillingAnswer, type QuotaSettings, type QuotaSettingsInput, type QuotaType, type RemainingQuota } from '@pesan/contracts/quota';
import type { ChannelId } from '@pesan/contracts/channels';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { mailLanguage, type MailLanguage } from '../../lib/mail-html.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { getApplication } from '../application/application.service.ts';
import * as quotaRepo from './quota.repo.ts';
import * as repo from './quota-warnings.repo.ts';
import { quotaWarningMail } from './quota-warnings.mail.ts';
import { errorText } from '../../lib/log-safety.ts';

export interface QuotaWarningDeps {
  db: Db;
  now: () => Date;
  mailer: Mailer;
  /** Base of the console link in the e-mail (PUBLIC_URL). */
  publicUrl: string;
}

/** The quota types a channel consumes from (contracts/messaging.ts quotaCost). */
const CHANNEL_TYPES: Record<ChannelId, QuotaType[]> = {
  whatsapp: ['wa_marketing', 'wa_utility', 'wa_authentication'],
  sms: ['sms'],
  sms_otp: ['sms_otp'],
  call: ['call'],
  voice_otp: ['call'],
  email: ['email'],
};

const isQuotaType = (t: string): t is QuotaType => (QUOTA_TYPE_IDS as readonly string[]).includes(t);
const remainingOfRow = (r: { quota: number; usage: number } | undefined) => (r ? Math.max(0, r.quota - r.usage) : 0);

/**
 * GET /api/application/billing/{id}: `{billing_type, remaining_quota}` with one entry per quota
 * type that has a quota row or belongs to one of the application's channels, in QUOTA_TYPE_IDS
 * order. `quota` and `usage` in stored units, except the call entry's `quota` in minutes
 * (`quota_type` 'menit', console.md §3); others have `quota_type` 'session' (WhatsApp) or 'message'.
 * @throws AppError not_found (another organization's, deleted or unknown application).
 */
export async function getBilling(deps: Pick<QuotaWarningDeps, 'db'>, organizationId: string, applicationId: string): Promise<BillingAnswer> {
  const app = await getApplication(deps.db, organizationId, applicationId);
  const rows = await quotaRepo.quotaRows(deps.db, app.id);
  const present = new Set<string>([...rows.map((r) => r.type), ...app.channels.flatMap((c) => CHANNEL_TYPES[c.channel as ChannelId] ?? [])]);
  const byType = new Map(rows.map((r) => [r.type, r]));
  const remaining_quota: RemainingQuota[] = QUOTA_TYPE_IDS.filter((t) => present.has(t)).map((type) => {
    const r = byType.get(type) ?? { quota: 0, usage: 0 };
    if (type === 'call') return { type, quota: r.quota / CALL_SECONDS_PER_MINUTE, usage: r.usage, quota_type: 'menit' };
    return { type, quota: r.quota, usage: r.usage, quota_type: type.startsWith('wa_') ? 'session' : 'message' };
  });
  return { billing_type: app.billing_type, remaining_quota };
}

/** Quota types of a pre-paid application with warnings on whose remaining quota is at or below a ticked threshold above 0. */
async function typesAtOrBelow(db: Db, applicationId: string): Promise<QuotaType[]> {
  const settings = await repo.findSettings(db, applicationId);
  if (!settings || settings.disable) return [];
  const thresholds = await repo.activeThresholds(db, applicationId);
  if (!thresholds.length) return [];
  const quotas = new Map((await quotaRepo.quotaRows(db, applicationId)).map((r) => [r.type, r]));
  const low = new Set(thresholds.filter((t) => remainingOfRow(quotas.get(t.type)) <= t.threshold).map((t) => t.type));
  return QUOTA_TYPE_IDS.filter((t) => low.has(t));
}

/**
 * GET /api/application/check/balance-quota/{id}: `{channel}` = the quota types at or below their
 * threshold (console.md §4: the panel's 'Quota Usage Warning' badge). Empty for a post-paid
 * application, when warnings are off (disable true) or nothing is ticked with a threshold above 0.
 * @throws AppError not_found (another organization's, deleted or unknown application).
 */
export async function checkBalanceQuota(deps: Pick<QuotaWarningDeps, 'db'>, organizationId: string, applicationId: string): Promise<BalanceCheck> {
  const app = await getApplication(deps.db, organizationId, applicationId);
  if (app.billing_type !== 'pre-paid') return { channel: [] };
  return { channel: await typesAtOrBelow(deps.db, app.id) };
}

async function settingsOf(db: Db, applicationId: string): Promise<QuotaSettings> {
  const settings = await repo.findSettings(db, applicationId);
  const thresholds = new Map((await repo.thresholdRows(db, applicationId)).map((t) => [t.type, t]));
  const quotas = new Map((await quotaRepo.quotaRows(db, applicationId)).map((r) => [r.type, r]));
  return {
    application_id: applicationId,
    disable: settings?.disable ?? true,
    email_recipient: settings?.emailRecipients ?? [],
    thresholds: QUOTA_TYPE_IDS.map((type) => {
      const t = thresholds.get(type);
      return { type, reminder: t?.reminder ?? false, threshold: t?.threshold ?? 0, remain_quota: remainingOfRow(quotas.get(type)) };
    }),
  };
}

/**
 * GET /api/setting/balance-quota/{id}: the warning settings (console.md §3): `disable` (true when
 * never saved), `email_recipient`, and one threshold entry per quota type (QUOTA_TYPE_IDS order)
 * with `reminder`, `threshold` (0 when none) and `remain_quota`, in stored units (seconds for call).
 * @throws AppError not_found (another organization's, deleted or unknown application).
 */
export async function getQuotaSettings(deps: Pick<QuotaWarningDeps, 'db'>, organizationId: string, applicationId: string): Promise<QuotaSettings> {
  const app = await getApplication(deps.db, organizationId, applicationId);
  return settingsOf(deps.db, app.id);
}

/**
 * PUT /api/setting/balance-quota/{id}: saves `input` (validated by quotaSettingsInputSchema:
 * at most 5 distinct e-mails, one entry per type) and answers the saved settings. A type missing
 * from `input.thresholds` keeps its row; an unticked type is saved with threshold 0 (console.md
 * §4: unticking resets it); a missing `threshold` is 0. A type whose reminder or threshold changed
 * is re-armed, so a new threshold warns at its own next crossing. The caller runs
 * checkQuotaWarnings after answering. Warnings apply to pre-paid applications only (issue 23 item
 * 16): a post-paid application's settings are refused, nothing saved.
 * @throws AppError not_found (another organization's, deleted or unknown application); conflict
 *   (409, QUOTA_MESSAGES.postPaidOnly) for a post-paid application.
 */
export async function putQuotaSettings(deps: Pick<QuotaWarningDeps, 'db' | 'now'>, organizationId: string, applicationId: string, input: QuotaSettingsInput): Promise<QuotaSettings> {
  const app = await getApplication(deps.db, organizationId, applicationId);
  if (app.billing_type !== 'pre-paid') throw new AppError('conflict', QUOTA_MESSAGES.postPaidOnly);
  const now = deps.now();
  await deps.db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    await repo.upsertSettings(tx, organizationId, app.id, { disable: input.disable, emailRecipients: input.email_recipient }, now);
    const existing = new Map((await repo.thresholdRows(tx, app.id, { forUpdate: true })).map((t) => [t.type, t]));
    for (const t of input.thresholds) {
      const threshold = t.reminder ? (t.threshold ?? 0) : 0;
      const old = existing.get(t.type);
      const changed = !old || old.reminder !== t.reminder || old.threshold !== threshold;
      await repo.upsertThreshold(tx, organizationId, app.id, { type: t.type, reminder: t.reminder, threshold, armed: changed ? true : old.armed }, now);
    }
  });
  return settingsOf(deps.db, app.id);
}

export interface SentWarning {
  id: number;
  type: QuotaType;
  remaining: number;
  threshold: number;
  recipients: string[];
  /** False when the mailer refused the e-mail (the row stays with sent_at null). */
  sent: boolean;
}

/**
 * Sends warning `w` of `app`: one message per language to the recipients in that language (each
 * user's saved language, English for the others), in the order of the recipient list. Resolves
 * true when every message went out; a refused message is logged.
 */
async function sendWarningMails(deps: QuotaWarningDeps, app: { id: string; name: string }, w: Omit<SentWarning, 'sent'>): Promise<boolean> {
  const saved = await repo.recipientLanguages(deps.db, w.recipients.map((r) => r.toLowerCase()));
  const byLanguage = new Map<MailLanguage, string[]>();
  for (const to of w.recipients) {
    const lang = mailLanguage(saved.get(to.toLowerCase()));
    byLanguage.set(lang, [...(byLanguage.get(lang) ?? []), to]);
  }
  let allSent = true;
  for (const [lang, recipients] of byLanguage) {
    try {
      await deps.mailer.send(quotaWarningMail(deps.publicUrl, app, w, recipients, lang));
    } catch (err) {
      allSent = false;
      console.error(`[quota] warning e-mail ${w.id} (${lang}) for application ${app.id} (${w.type}) failed: ${errorText(err)}`);
    }
  }
  return allSent;
}

/**
 * Looks at the application's ticked thresholds once (console.md §4 Quota warning; issue 10): a
 * type at or below its threshold whose row is armed is disarmed, recorded in quota_warnings and
 * e-mailed after the transaction commits (one message to the recipients of each language, see
 * sendWarningMails); a type above its threshold is re-armed. Does nothing for a post-paid, deleted or unknown application, when
 * warnings are off or there are no recipients (nothing is disarmed then). Never throws for a mail
 * failure (the warning row keeps sent_at null); database errors reject.
 * @returns the warnings this call recorded.
 */
export async function checkQuotaWarnings(deps: QuotaWarningDeps, applicationId: string): Promise<SentWarning[]> {
  const now = deps.now();
  const found = await deps.db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    const app = await quotaRepo.findApplicationForBilling(tx, applicationId);
    if (!app || app.billingType !== 'pre-paid') return null;
    const settings = await repo.findSettings(tx, app.id);
    if (!settings || settings.disable || !settings.emailRecipients.length) return null;
    const thresholds = (await repo.thresholdRows(tx, app.id, { forUpdate: true })).filter((t) => t.reminder && t.threshold > 0 && isQuotaType(t.type));
    if (!thresholds.length) return null;
    const quotas = new Map((await quotaRepo.quotaRows(tx, app.id)).map((r) => [r.type, r]));
    const warnings: Omit<SentWarning, 'sent'>[] = [];
    for (const t of thresholds) {
      const remaining = remainingOfRow(quotas.get(t.type));
      if (remaining > t.threshold) {
        if (!t.armed) await repo.rearm(tx, app.id, t.type, now);
      } else if (t.armed && (await repo.disarm(tx, app.id, t.type, now))) {
        const w = { applicationId: app.id, type: t.type as QuotaType, remaining, threshold: t.threshold, recipients: settings.emailRecipients };
        warnings.push({ ...w, id: await repo.insertWarning(tx, { ...w, organizationId: app.organizationId, at: now }) });
      }
    }
    return { app, warnings };
  });
  if (!found) return [];
  const out: SentWarning[] = [];
  for (const w of found.warnings) {
    const sent = await sendWarningMails(deps, found.app, w);
    if (sent) await repo.markWarningSent(deps.db, w.id, deps.now());
    out.push({ ...w, sent });
  }
  return out;
}

/**
 * Wraps `check` so that calls for one application never overlap in this process: a call while
 * one runs marks it to run once more when it ends, and returns that run's promise. A burst of
 * sends (many after-answer tasks) costs two or three checks, not one per message. Rejects with
 * what `check` rejects with.
 */
export function coalesceByApplication(check: (applicationId: string) => Promise<unknown>): (applicationId: string) => Promise<void> {
  const running = new Map<string, { again: boolean; done: Promise<void> }>();
  return (applicationId) => {
    const current = running.get(applicationId);
    if (current) {
      current.again = true;
      return current.done;
    }
    const entry = { again: false, done: Promise.resolve() };
    entry.done = (async () => {
      try {
        do {
          entry.again = false;
          await check(applicationId);
        } while (entry.again);
      } finally {
        running.delete(applicationId);
      }
    })();
    running.set(applicationId, entry);
    return entry.done;
  };
}
