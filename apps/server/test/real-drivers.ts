/**
 * The configuration of every non-default driver (WHATSAPP_DRIVER=cloud, SMS_DRIVER=smpp,
 * EMAIL_DRIVER=smtp) pointed at its loopback fake, for tests that start the server with all of them.
 */
import type { FakeGraph } from './fake-graph.ts';
import type { SmscPeer } from './smsc-peer.ts';
import type { SmtpPeer } from './smtp-peer.ts';

/** The environment of every real driver against its loopback fake (no WHATSAPP_APP_ID: issue 23 item 3). */
export function realDriverEnv(fakes: { graph: FakeGraph; smsc: SmscPeer; smtp: SmtpPeer }): Record<string, string> {
  return {
    WHATSAPP_DRIVER: 'cloud',
    WHATSAPP_GRAPH_URL: fakes.graph.url,
    WHATSAPP_TOKEN: 'EAAG-test-system-user-token',
    WHATSAPP_APP_SECRET: 'app-secret',
    WHATSAPP_VERIFY_TOKEN: 'verify-token',
    SMS_DRIVER: 'smpp',
    SMPP_URL: fakes.smsc.url,
    EMAIL_DRIVER: 'smtp',
    EMAIL_SMTP_URL: fakes.smtp.url,
  };
}
