/**
 * createServices(ctx): the one place that builds the services and drivers (ARCHITECTURE.md §3).
 * main.ts, the test harness and the benchmarks assemble the context once with createAppContext;
 * routes and jobs call `ctx.services.<module>.<fn>(…)`. Each module's functions take only the part
 * of the context they use (their `…Deps` type), bound here with withDeps.
 */
import type { AppContext, AppInfra } from './context.ts';
import { withDeps } from './lib/with-deps.ts';
import { enqueue, QUEUES, reportEnqueuer, templateReviewEnqueuer, templateReviewPending, webhookEnqueuer } from './jobs/registry.ts';
import { createSecretBox } from './lib/secret-box.ts';
import { createRecipientMailLimit } from './plugins/rate-limit/recipient-limit.ts';
import {
  createWebhookPool,
  deliverAttempt,
  deliveryLoad,
  emitTemplateDecision,
  emitVerificationStatus,
  emitWebhookEvent,
  fanOutStatusEvents,
  handOverAttempt,
  requeueStrandedAttempts,
  stopDeliveries,
} from './modules/webhooks/webhook-delivery.ts';
import {
  getWebhook,
  listWebhookDeliveries,
  messageWebhookDeliveries,
  putWebhook,
  redeliverWebhook,
  rotateWebhookSecret,
  sendTestEvent,
} from './modules/webhooks/webhooks.service.ts';
import { createDispatcher, createDispatchHandOff, DISPATCH_CHANNEL } from './messaging/engine/dispatcher.ts';
import { createDrivers } from './messaging/drivers/drivers.ts';
import { recordStatus } from './messaging/engine/status-recorder.ts';
import { authenticateBearer, refuseReplayedSignature } from './messaging/token-auth.ts';
import { acceptBatch, acceptMessage, findMessageForTracking, getMessage } from './messaging/v1.service.ts';
import { AcceptBatcher } from './messaging/engine/accept-batcher.ts';
import { IDEMPOTENCY_WINDOW_HOURS } from '@pesan/contracts/messaging';
import { handleWebhook, verifyHandshake, verifySignature } from './messaging/whatsapp/webhook.service.ts';
import type { TemplateDecision } from './messaging/whatsapp/template-status.ts';
import { runAdminCommand } from './modules/admin/admin.service.ts';
import { createEventHub } from './modules/events/event-hub.ts';
import { createEventsService } from './modules/events/events.service.ts';
import { liveSessionOrganizations } from './modules/auth/session.service.ts';
import { changedFields, downloadAuditLog, listAuditLog, pruneAuditLog, recordAudit, recordAuditMany } from './modules/audit/audit.service.ts';
import {
  assertOperator,
  createDescription,
  deleteDescription,
  getDescription,
  getDescriptionByTitle,
  listApiVersions,
  listDescriptions,
  listMenu,
  makeOperator,
  parseMenuInclude,
  updateDescription,
} from './modules/docs/docs.service.ts';
import { checkBalanceQuota, checkQuotaWarnings, coalesceByApplication, getBilling, getQuotaSettings, putQuotaSettings } from './modules/quota/quota-warnings.service.ts';
import { createApplication, deleteApplication, getApplication, listApplications, listChannels, updateApplication } from './modules/application/application.service.ts';
import { changePassword, forgotPassword, login, registerAccount, resendVerification, resetPassword, sendAccountMail, verifyEmail, type AccountMailJob } from './modules/auth/auth.service.ts';
import { disableTwoFactor, enableTwoFactor, setupTwoFactor, signedInUser, signIn, signInSecondStep } from './modules/auth/two-factor.service.ts';
import { listOwnSessions, revokeOtherSessions, revokeOwnSession } from './modules/auth/user-sessions.service.ts';
import { createOrganization, getCallerOrganization, getOwnOrganization, organizationTimeZone, updateOwnOrganization } from './modules/organization/organization.service.ts';
import { getSecurity, listMembers, removeMember, updateMemberRole, updateSecurity } from './modules/members/members.service.ts';
import { acceptInvitation, createInvitation, getInvitationInfo, listInvitations, revokeInvitation } from './modules/members/invitations.service.ts';
import { getRecord, listRecords } from './modules/records/records.service.ts';
import { conversationDownload, reportRangeDate, reportRate, reportUsage, usageDownload, whatsappConversation } from './modules/dashboard/dashboard.service.ts';
import { createReport, getReport, listReports, openReportDownload } from './modules/reports/reports.service.ts';
import { generateNextReport, generateReport, sweepReports } from './modules/reports/report-generation.ts';
import { createReportStore } from './modules/reports/report-store.ts';
import { createStorageService } from './modules/storage/storage.service.ts';
import { acceptTerms, termsAccepted } from './modules/terms/terms.service.ts';
import { generateApplicationTokens, generateChannelToken, listTokenStatuses } from './modules/token/token.service.ts';
import { checkMayUpload, findTemplateMedia, openImage, pruneUnusedTemplateMedia, storeImage, storeTemplateMedia } from './modules/upload/upload.service.ts';
import { getOwnUser, updateOwnUser } from './modules/user/user.service.ts';
import { bulkDeleteTemplates, checkTemplateName, createTemplate, deleteTemplate, duplicateTemplate, getTemplate, listTemplates, storeReviewedTemplate, updateTemplate, usedTemplateMedia } from './modules/wa-templates/wa-templates.service.ts';
import { createV1Template, deleteV1Templates, listV1Templates } from './modules/wa-templates/wa-templates-v1.service.ts';
import { reviewTemplate, sweepReviews } from './modules/wa-templates/template-review.service.ts';
import * as verifyService from './modules/verify/verify.service.ts';
import { createVerifyConsoleService } from './modules/verify/verify-console.service.ts';
import { errorText } from './lib/log-safety.ts';

/** Builds every service and the drivers on `ctx`. Functions read `ctx.now()` at call time (tests move the clock). */
export function createServices(ctx: AppInfra) {
  const db = ctx.database.db;
  const drivers = createDrivers(ctx);
  const now = () => ctx.now();
  // Group-commit accept (ARCHITECTURE.md §6.5): one per process and database; PGlite has one connection.
  const acceptBatcher = new AcceptBatcher(db, {
    maxItems: 1000,
    maxInFlight: ctx.database.kind === 'pglite' ? 1 : 4,
    keyWindowMs: IDEMPOTENCY_WINDOW_HOURS * 3600_000,
    now,
  });
  const notify = ctx.database.notify;
  // Verify (ARCHITECTURE.md §6.4): a code's message keeps its real text only sealed, for its driver.
  const verifyBodyBox = createSecretBox(ctx.config.sessionSecret, 'verify-message-bodies');
  const dispatch = {
    /** This process's dispatcher (engine/dispatcher.ts); the worker role runs it (jobs/registry.ts). */
    dispatcher: createDispatcher({ db, now, driverFor: drivers.driverFor, openSealed: (sealed) => JSON.parse(verifyBodyBox.open(sealed)) as Record<string, unknown> }),
    /** The accept's hand-off: wakes the dispatchers (a NOTIFY on PostgreSQL reaches other processes). */
    scheduleDispatch: createDispatchHandOff({ db, ...(notify ? { notify: () => notify(DISPATCH_CHANNEL) } : {}) }),
  };
  // Live stream (issue 28): one outbox reader per process for all its open streams.
  const eventHub = createEventHub({ db, liveSessions: (hashes) => liveSessionOrganizations(db, hashes, now()), onError: (err) => console.warn(`[events] live stream: outbox read failed: ${errorText(err)}`) });
  const webhookDeps = {
    db,
    now,
    secretBox: createSecretBox(ctx.config.sessionSecret, 'webhook-secrets'),
    mailer: ctx.mailer,
    retryScheduleMs: ctx.config.webhookRetryScheduleMs,
    timeoutMs: ctx.config.webhookTimeoutMs,
    allowPrivate: ctx.config.publicUrlIsLocal,
    enqueueAttempt: webhookEnqueuer(ctx.boss),
    pool: createWebhookPool(),
    publicUrl: ctx.config.publicUrl,
  };
  // Account e-mail (reset, verification, invitation) is limited per recipient in the shared store (issue 23).
  const recipientMailLimit = createRecipientMailLimit(db, ctx.config.redisUrl);
  // Read through to ctx: tests replace its clock and mailer.
  const authDeps = {
    get database() {
      return ctx.database;
    },
    get config() {
      return ctx.config;
    },
    get mailer() {
      return ctx.mailer;
    },
    now,
    recipientMailLimit,
    // forgot_password and send_verification queue the mail for every address; the worker looks it up (issue 23).
    enqueueAccountMail: (job: AccountMailJob) => enqueue(ctx.boss, QUEUES.accountMail, job),
    // Two-factor sign-in (ARCHITECTURE.md §5.1): TOTP secrets sealed with SESSION_SECRET.
    totpBox: createSecretBox(ctx.config.sessionSecret, 'totp-secrets'),
  };
  const quotaDeps = { db, now, mailer: ctx.mailer, publicUrl: ctx.config.publicUrl };
  const templateDeps = {
    db,
    now,
    enqueueReview: templateReviewEnqueuer(ctx.boss),
    reviewJobPending: templateReviewPending(ctx.boss),
    reviewDelayMs: ctx.config.reviewDelayMs,
    graph:
      ctx.config.whatsappDriver === 'cloud' && ctx.config.whatsappToken
        ? { graphUrl: ctx.config.whatsappGraphUrl, token: ctx.config.whatsappToken, appId: ctx.config.whatsappAppId }
        : null,
    findTemplateMedia: (organizationId: string, name: string) => findTemplateMedia(ctx, organizationId, name),
    emitDecision: (d: TemplateDecision) => emitTemplateDecision(webhookDeps, d),
  };
  // Monitoring, Overview and Generate Report refuse ranges older than RETENTION_DAYS (lib/retention.ts).
  const retentionDays = ctx.config.retentionDays;
  const reportDeps = { db, queryArrays: ctx.database.executor.queryArrays, copyCsv: ctx.database.executor.copyCsv, now, store: createReportStore(ctx.config), enqueueReport: reportEnqueuer(ctx.boss), retentionDays };
  const messagingDeps = { database: ctx.database, now, scheduleDispatch: dispatch.scheduleDispatch, whatsappCloud: ctx.config.whatsappDriver === 'cloud', acceptBatcher };
  const verifyDeps = {
    db,
    now,
    codeKey: verifyService.verifyCodeKey(ctx.config.sessionSecret),
    bodyBox: verifyBodyBox,
    acceptMessage: (...args: Parameters<typeof acceptMessage> extends [unknown, ...infer A] ? A : never) => acceptMessage(messagingDeps, ...args),
    emitStatus: (e: Parameters<typeof emitVerificationStatus>[1]) => emitVerificationStatus(webhookDeps, e),
  };
  return {
    drivers,
    dispatch,
    quota: {
      ...withDeps(quotaDeps, { getBilling, checkBalanceQuota, getQuotaSettings, putQuotaSettings, checkQuotaWarnings }),
      /** checkQuotaWarnings, never two at once per application in this process (a burst costs two or three). */
      scheduleWarningCheck: coalesceByApplication((applicationId) => checkQuotaWarnings(quotaDeps, applicationId)),
    },
    webhooks: withDeps(webhookDeps, {
      getWebhook,
      putWebhook,
      rotateWebhookSecret,
      sendTestEvent,
      listWebhookDeliveries,
      messageWebhookDeliveries,
      redeliverWebhook,
      deliverAttempt,
      handOverAttempt,
      stopDeliveries,
      deliveryLoad,
      emitWebhookEvent,
      fanOutStatusEvents,
      requeueStrandedAttempts,
    }),
    auth: withDeps(authDeps, { registerAccount, verifyEmail, resendVerification, sendAccountMail, login, forgotPassword, resetPassword, changePassword }),
    twoFactor: withDeps(authDeps, { setupTwoFactor, enableTwoFactor, disableTwoFactor, signIn, signInSecondStep, signedInUser }),
    sessions: withDeps(ctx, { listOwnSessions, revokeOwnSession, revokeOtherSessions }),
    /** The per-recipient limit of account e-mail (closed with the app). */
    recipientMailLimit,
    /** Members, roles, invitations and require_2fa (ARCHITECTURE.md §5.1); invitation mail counts in the per-recipient limit. */
    members: withDeps(authDeps, { listMembers, updateMemberRole, removeMember, getSecurity, updateSecurity, createInvitation, listInvitations, revokeInvitation, getInvitationInfo, acceptInvitation }),
    user: withDeps(ctx, { getOwnUser, updateOwnUser }),
    organization: {
      ...withDeps(ctx, { createOrganization, getCallerOrganization, getOwnOrganization, updateOwnOrganization }),
      /** The IANA zone of organization `id` (DEFAULT_TIME_ZONE when none), or null for no organization. */
      timeZoneOf: async (id: string | null) => (id ? organizationTimeZone(db, id) : null),
    },
    /** Live status stream (issue 28): the process's hub (woken by recorded statuses, stopped on close) and the stream service. */
    events: { hub: eventHub, ...createEventsService({ db, hub: eventHub }) },
    audit: { changedFields, ...withDeps(ctx, { record: recordAudit, recordMany: recordAuditMany, list: listAuditLog, download: downloadAuditLog, prune: pruneAuditLog }) },
    terms: withDeps(ctx, { termsAccepted, acceptTerms }),
    upload: {
      ...withDeps(ctx, { checkMayUpload, storeImage, storeTemplateMedia, openImage }),
      /** Deletes template media no live template uses, a week after its upload (maintenance job). */
      pruneUnusedTemplateMedia: (now?: Date) => pruneUnusedTemplateMedia(ctx, (organizationIds) => usedTemplateMedia({ db }, organizationIds), now),
    },
    application: { listChannels, ...withDeps(db, { listApplications, getApplication, createApplication, updateApplication, deleteApplication }) },
    token: withDeps(db, { generateChannelToken, generateApplicationTokens, listTokenStatuses }),
    records: withDeps({ db, now, retentionDays }, { listRecords, getRecord }),
    reports: withDeps(reportDeps, { listReports, createReport, getReport, openReportDownload, generateReport, generateNextReport, sweepReports }),
    waTemplates: withDeps(templateDeps, {
      listTemplates,
      checkTemplateName,
      createTemplate,
      updateTemplate,
      getTemplate,
      deleteTemplate,
      duplicateTemplate,
      bulkDeleteTemplates,
      storeReviewedTemplate,
      reviewTemplate,
      sweepReviews,
      createV1Template,
      listV1Templates,
      deleteV1Templates,
    }),
    dashboard: withDeps({ db, now, retentionDays }, { reportRate, reportUsage, reportRangeDate, whatsappConversation, usageDownload, conversationDownload }),
    admin: { runAdminCommand: (input: unknown, at: Date) => runAdminCommand(db, input, at, { retentionDays: ctx.config.retentionDays }) },
    /** Monthly partitions and retention (modules/storage): before the port, at start-up and daily. */
    storage: createStorageService({ db, now, retentionDays: ctx.config.retentionDays, pruneAudit: (at: Date) => pruneAuditLog(ctx, at) }),
    docs: {
      parseMenuInclude,
      ...withDeps({ db, now, publicUrl: ctx.config.publicUrl }, { listApiVersions, listMenu, listDescriptions, getDescription, getDescriptionByTitle, assertOperator, createDescription, updateDescription, deleteDescription, makeOperator }),
    },
    whatsappHooks: {
      ...withDeps({ db, now, onTemplateDecision: (d: TemplateDecision) => emitTemplateDecision(webhookDeps, d) }, { handleWebhook }),
      verifyHandshake: (query: Record<string, unknown>) => verifyHandshake(ctx.config.whatsappVerifyToken, query),
      verifySignature: (raw: Buffer, header: string | undefined) => verifySignature(ctx.config.whatsappAppSecret, raw, header),
    },
    /** Verify: one-time codes as a service (ARCHITECTURE.md §6.4). */
    verify: withDeps(verifyDeps, {
      startVerification: verifyService.startVerification,
      checkVerification: verifyService.checkVerification,
      resendVerification: verifyService.resendVerification,
      cancelVerification: verifyService.cancelVerification,
      getVerification: verifyService.getVerification,
      sweepExpiredVerifications: verifyService.sweepExpiredVerifications,
    }),
    /** Verify in the console (issue 27): the Verify tab from its hourly rollup, timelines, allowed countries, and the rollup run. */
    verifyConsole: createVerifyConsoleService({ db, now, retentionDays }),
    messaging: {
      ...withDeps(messagingDeps, { acceptMessage, acceptBatch, getMessage }),
      ...withDeps(db, { recordStatus, findMessageForTracking, authenticateBearer, refuseReplayedSignature }) },
  };
}

export type Services = ReturnType<typeof createServices>;

/** The application context: `infra` with its services built on it (the same object, so a test replacing `now` reaches every service). */
export function createAppContext(infra: AppInfra): AppContext {
  const ctx = infra as AppContext;
  ctx.services = createServices(ctx);
  return ctx;
}
