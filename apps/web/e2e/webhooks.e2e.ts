/**
 * Issue 9 (console part), end to end: a local receiver (node:http on 127.0.0.1) as the application's
 * webhook endpoint, the secret shown once, a message sent over /v1 whose status events arrive signed
 * (Standard Webhooks) and list in the deliveries table, a delivery opened and redelivered (same
 * webhook-id twice), and the Monitoring message drawer reaching Delivered, also from its deep link
 * after a reload — with an axe scan of each new state.
 */
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, seriousA11yViolations } from './support/browser.ts';
import { createSmsApplication, signInAsDemo, until } from './support/flows.ts';
import { startServer, type RunningServer } from './support/server.ts';


interface Received {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
}

/** True when `signature` (`v1,<base64>` entries, space separated) signs `{id}.{timestamp}.{body}` with `secret`. */
function verifies(secret: string, r: Received): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${r.id}.${r.timestamp}.${r.body}`).digest('base64');
  return r.signature.split(' ').some((s) => s === `v1,${expected}`);
}

describe('status webhooks and the message detail in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let receiver: Server;
  let receiverUrl = '';
  const received: Received[] = [];
  const scanned: Record<string, unknown[]> = {};
  const scan = async (name: string) => {
    await page.waitForLoadState('networkidle');
    scanned[name] = await seriousA11yViolations(page);
  };

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push({
          id: String(req.headers['webhook-id'] ?? ''),
          timestamp: String(req.headers['webhook-timestamp'] ?? ''),
          signature: String(req.headers['webhook-signature'] ?? ''),
          body,
        });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks/pesan`;
    server = await startServer({ DEMO_DATA: 'true' });
    browser = await launchBrowser();
    const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1366, height: 900 } });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise((r) => receiver?.close(r));
  });

  it('signs in with the demo account', async () => {
    await signInAsDemo(page, server.url);
  });

  let appId = '';
  let smsToken = '';
  it('creates an application with SMS and gets its token file', async () => {
    ({ appId, smsToken } = await createSmsApplication(page, 'Webhook Shop'));
  });

  let secret = '';
  it('sets the endpoint on the detail page and shows the secret once', async () => {
    await page.goto(`${server.url}/my-application/detail/${appId}`);
    const section = page.getByRole('region', { name: 'Webhook', exact: true });
    await section.getByText('No deliveries yet').waitFor();
    await section.getByLabel('Endpoint URL').fill(receiverUrl);
    await section.getByRole('button', { name: 'Save' }).click();
    const alert = page.getByTestId('webhook-secret');
    await alert.waitFor();
    secret = (await alert.getByLabel('Signing secret').innerText()).trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    await alert.getByText('it will not be shown again', { exact: false }).waitFor();
    await alert.getByRole('button', { name: 'Copy secret' }).waitFor();
    await page.getByText('Webhook settings saved').first().waitFor();
    await scan('webhook-secret');
    // A reload never shows it again.
    await page.reload();
    await section.getByLabel('Endpoint URL').waitFor();
    expect(await section.getByLabel('Endpoint URL').inputValue()).toBe(receiverUrl);
    expect(await page.getByTestId('webhook-secret').count()).toBe(0);
    expect(await page.getByText(secret).count()).toBe(0);
  });

  let messageId = '';
  it('delivers the status events of a /v1 message, lists them and redelivers one', async () => {
    const res = await fetch(`${server.url}/v1/sms/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${smsToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ to: '081234567890', text: 'Your order has shipped' }),
    });
    expect(res.status, await res.clone().text()).toBe(202);
    messageId = ((await res.json()) as { id: string }).id;

    const delivered = await until('a delivered event at the receiver', () =>
      received.find((r) => {
        const ev = JSON.parse(r.body) as { type: string; data: { message_id: string; status: string } };
        return ev.type === 'message.status' && ev.data.message_id === messageId && ev.data.status === 'delivered' ? r : undefined;
      }),
    );
    expect(verifies(secret, delivered)).toBe(true);

    const section = page.getByRole('region', { name: 'Webhook', exact: true });
    const rows = page.getByRole('row').filter({ hasText: messageId });
    await until('deliveries listed as succeeded', async () => {
      await section.getByRole('button', { name: 'Refresh deliveries' }).click();
      await page.waitForLoadState('networkidle');
      const n = await rows.count();
      return n >= 3 && (await page.getByRole('row').filter({ hasText: 'Pending' }).count()) === 0;
    });
    await scan('webhook-deliveries');

    const before = received.length;
    expect(before).toBeGreaterThan(0);
    const first = rows.first();
    await first.click();
    const drawer = page.getByRole('dialog', { name: 'Delivery detail' });
    await drawer.waitFor();
    const webhookId = (await drawer.getByTestId('delivery-webhook-id').innerText()).trim();
    await drawer.getByRole('region', { name: 'Payload JSON' }).getByText(messageId, { exact: false }).waitFor();
    await drawer.getByRole('region', { name: 'Response snippet' }).getByText('{"ok":true}').waitFor();
    await scan('delivery-detail');
    await drawer.getByRole('button', { name: 'Redeliver' }).click();
    await page.getByText('Redelivery queued').first().waitFor();
    await until('the redelivery at the receiver', () => received.length > before && received.slice(before).some((r) => r.id === webhookId));
    expect(received.filter((r) => r.id === webhookId)).toHaveLength(2);
    // The new attempt (attempt 2) is listed.
    await until('attempt 2 listed', async () => {
      await section.getByRole('button', { name: 'Refresh deliveries' }).click();
      await page.waitForLoadState('networkidle');
      return (await rows.filter({ hasText: 'Succeeded' }).filter({ has: page.getByRole('cell', { name: '2', exact: true }) }).count()) > 0;
    });
  });

  it('opens the message drawer from Monitoring and from its deep link', async () => {
    await page.goto(`${server.url}/my-application/detail-transaction/${appId}`);
    const row = page.getByRole('row').filter({ hasText: messageId });
    await row.waitFor();
    await row.click();
    await page.waitForURL(new RegExp(`\\?message=${messageId}$`));
    const drawer = page.getByRole('dialog', { name: 'Message detail' });
    await drawer.getByTestId('message-detail').waitFor();
    await until('the timeline to reach Delivered', async () => (await drawer.getByTestId('timeline-entry').filter({ hasText: 'Delivered' }).count()) === 1);
    expect(await drawer.getByTestId('timeline-entry').count()).toBeGreaterThanOrEqual(3);
    await drawer.getByRole('region', { name: 'Request body JSON' }).getByText('Your order has shipped', { exact: false }).waitFor();
    await drawer.getByRole('table', { name: 'Webhook attempts' }).waitFor();
    await scan('message-drawer');

    await page.reload();
    await page.getByRole('dialog', { name: 'Message detail' }).getByText(messageId).first().waitFor();
    await page.getByRole('button', { name: 'Close message detail' }).click();
    await page.waitForURL((u) => !u.search.includes('message='));
    await page.getByRole('dialog', { name: 'Message detail' }).waitFor({ state: 'hidden' });

    await page.goto(`${server.url}/my-application/detail-transaction/${appId}?message=00000000-0000-4000-8000-000000000000`);
    await page.getByRole('dialog', { name: 'Message detail' }).getByText('Message not found').waitFor();
  });

  it('has no serious or critical accessibility violations in the new states', () => {
    const failing = Object.fromEntries(Object.entries(scanned).filter(([, v]) => v.length));
    expect(failing).toEqual({});
    expect(Object.keys(scanned)).toHaveLength(4);
  });
});
