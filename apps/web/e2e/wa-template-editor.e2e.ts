/**
 * The WhatsApp template editor end to end (templates-dashboard-reports.md §2.3–§2.5, §4, §5.3–§5.5;
 * issue 13): a marketing template with a text header and its variable, a body with variables
 * inserted by 'Add variable' and their samples, a footer and five kinds of button (visit website
 * dynamic with its sample URL, call phone number with a country, copy promo code, quick reply,
 * marketing opt-out), reordered by keyboard, submitted after the confirmation, seen In Review then
 * Approved by the sandbox reviewer; an authentication one-tap template; the form at 1366 px and
 * 375 px (screenshots in /tmp/shots/wa-editor-*.png) with an axe scan of each state.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { WA_TEMPLATE_MESSAGES as M } from '@pesan/contracts/wa-template-messages';
import { launchBrowser, seriousA11yViolations } from './support/browser.ts';
import { pick, signInAsDemo, until } from './support/flows.ts';
import { startServer, type RunningServer } from './support/server.ts';

const SHOTS = '/tmp/shots';

/** Opens 'Add Template', fills the New Whatsapp Template modal and continues to the editor. */
async function startTemplate(page: Page, baseUrl: string, name: string, category: 'Marketing' | 'Authentication') {
  await page.goto(`${baseUrl}/whatsapp-template`);
  await page.getByRole('button', { name: 'Add Template' }).first().click();
  const modal = page.getByRole('dialog', { name: 'New Whatsapp Template' });
  await modal.getByLabel('Template Name').fill(name);
  await expect.poll(() => modal.getByRole('combobox', { name: /^Application/ }).inputValue()).not.toBe('');
  await pick(page, modal, 'Language', 'English (US)', /English \(US\)/);
  await modal.getByRole('radio', { name: new RegExp(`^${category}`) }).click();
  await modal.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/whatsapp-template\/create$/);
  await page.getByRole('heading', { name: 'Create Template' }).waitFor();
}

/** The row (wide screens) or card of a template in the list. */
const rowOf = (page: Page, name: string) => page.getByRole('row', { name: new RegExp(name) });

describe('WhatsApp template editor in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const scanned: Record<string, unknown[]> = {};
  /** A whole-page screenshot taken with a viewport as tall as the page (the shell's fixed bars stay in place). */
  const shoot = async (file: string) => {
    const viewport = page.viewportSize()!;
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: viewport.width, height: Math.min(Math.max(height, viewport.height), 8000) });
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${SHOTS}/${file}` });
    await page.setViewportSize(viewport);
  };
  const scan = async (name: string) => {
    await page.waitForLoadState('networkidle');
    scanned[name] = await seriousA11yViolations(page);
  };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    server = await startServer({ DEMO_DATA: 'true', SANDBOX_DELAY_MS: '0', REVIEW_DELAY_MS: '2500' });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    page = await context.newPage();
    await signInAsDemo(page, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('creates a marketing template with a text header, variables, samples and every button kind, reorders by keyboard and submits it', async () => {
    await startTemplate(page, server.url, 'e2e_order_update', 'Marketing');
    await expect.poll(() => page.getByRole('button', { name: 'Save as Draft' }).isDisabled()).toBe(true);

    // Header: text with one variable and its sample.
    await page.getByRole('region', { name: 'Header' }).getByText('Text', { exact: true }).click();
    const header = page.getByRole('textbox', { name: 'Header text' });
    await header.fill('Order ');
    await page.getByRole('button', { name: 'Add variable to header' }).click();
    await expect.poll(() => header.inputValue()).toBe('Order {{1}}');
    await page.getByRole('textbox', { name: 'Header sample for {{1}}' }).fill('#1001');

    // Body: variables inserted at the caret, then their samples; a live rule shows and clears.
    const body = page.getByRole('textbox', { name: 'Body text' });
    await body.fill('Hello ');
    await page.getByRole('button', { name: 'Add variable to body' }).click();
    await expect.poll(() => body.inputValue()).toBe('Hello {{1}}');
    await expect.poll(() => page.getByText(M.bodyEndsWithVariable).first().isVisible()).toBe(true);
    await body.press('End');
    await body.pressSequentially(', your order ');
    await page.getByRole('button', { name: 'Add variable to body' }).click();
    await body.press('End');
    await body.pressSequentially(' is on its way. Thanks for shopping with us!');
    await expect.poll(() => body.inputValue()).toBe('Hello {{1}}, your order {{2}} is on its way. Thanks for shopping with us!');
    // Bold on a selection.
    await body.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(el.value.indexOf('Thanks'), el.value.indexOf('Thanks') + 6));
    await page.getByRole('button', { name: 'Bold', exact: true }).click();
    await expect.poll(() => body.inputValue()).toContain('*Thanks*');
    await page.getByRole('textbox', { name: 'Body sample for {{1}}' }).fill('Maria');
    await page.getByRole('textbox', { name: 'Body sample for {{2}}' }).fill('A-1001');
    await page.getByRole('textbox', { name: 'Footer text' }).fill('Pesan Demo Shop');

    // Buttons: visit website (dynamic), call phone number, copy promo code, quick reply, marketing opt-out.
    const add = async (kind: string) => {
      await page.getByRole('button', { name: 'Add button' }).click();
      await page.getByRole('menuitem', { name: new RegExp(`^${kind}`) }).click();
    };
    await add('Visit website');
    let card = page.getByRole('group', { name: 'Button 1 (Visit website)' });
    await card.getByRole('textbox', { name: 'Button text' }).fill('Track order');
    await card.getByRole('textbox', { name: 'Website URL' }).fill('https://shop.example.com/track/');
    await card.getByText('Dynamic', { exact: true }).click();
    await expect.poll(() => card.getByRole('textbox', { name: 'Website URL' }).inputValue()).toBe('https://shop.example.com/track/{{1}}');
    await card.getByRole('textbox', { name: 'Sample URL' }).fill('https://shop.example.com/track/A-1001');

    await add('Call phone number');
    card = page.getByRole('group', { name: 'Button 2 (Call phone number)' });
    await card.getByRole('textbox', { name: 'Button text' }).fill('Call us');
    await pick(page, card, 'Country', 'Indonesia', /^Indonesia \(\+62\)/);
    await card.getByRole('textbox', { name: 'Phone number' }).fill('0812 3456 7890');

    await add('Copy promo code');
    card = page.getByRole('group', { name: 'Button 3 (Copy promo code)' });
    await card.getByRole('textbox', { name: 'Promo code sample' }).fill('SALE25');

    await add('Quick reply');
    await page.getByRole('group', { name: 'Button 4 (Quick reply)' }).getByRole('textbox', { name: 'Button text' }).fill('Yes, please');
    await add('Marketing opt-out');
    await page.getByRole('group', { name: 'Button 5 (Marketing opt-out)' }).getByRole('checkbox').check();
    // The opt-out button's footer is the template footer (§2.4): the one typed is kept, not replaced by the default (issue 23).
    await expect.poll(() => page.getByRole('textbox', { name: 'Footer text' }).inputValue()).toBe('Pesan Demo Shop');

    // The add-button menu refuses a second phone button with its hint.
    await page.getByRole('button', { name: 'Add button' }).click();
    await expect.poll(() => page.getByRole('menuitem', { name: /^Call phone number/ }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');

    // Reorder by keyboard: Visit website goes below the phone button.
    const handle = page.getByRole('button', { name: 'Reorder Button 1 (Visit website)' });
    await handle.focus();
    // A person pauses between keys; the sensor listens for the arrows once the pick-up is done.
    for (const key of ['Space', 'ArrowDown', 'Space']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(250);
    }
    await page.getByRole('group', { name: 'Button 1 (Call phone number)' }).waitFor({ timeout: 5000 });
    await page.getByRole('group', { name: 'Button 2 (Visit website)' }).waitFor();

    // The preview shows the samples, and 'See all options' beyond 3 buttons.
    const preview = page.getByRole('figure', { name: 'Template preview' });
    await expect.poll(() => preview.textContent()).toContain('Order #1001');
    await expect.poll(() => preview.textContent()).toContain('Hello Maria, your order A-1001 is on its way.');
    await expect.poll(() => preview.textContent()).toContain('See all options');

    await expect.poll(() => page.getByRole('button', { name: 'Submit' }).isEnabled()).toBe(true);
    await shoot('wa-editor-1366.png');
    await scan('marketing form 1366');

    await page.getByRole('button', { name: 'Submit' }).click();
    const confirm = page.getByRole('dialog', { name: M.submitTitle });
    await confirm.waitFor();
    await scan('submit confirmation');
    await page.screenshot({ path: `${SHOTS}/wa-editor-1366-confirm.png` });
    await confirm.getByRole('button', { name: M.submitYes }).click();
    await page.getByText(M.created).waitFor();
    await page.waitForURL(/\/whatsapp-template$/, { timeout: 5000 });
    await rowOf(page, 'e2e_order_update').getByText('In Review').waitFor();
    await until('the sandbox reviewer to approve e2e_order_update', async () => {
      await page.reload();
      // Under load the list renders after the reload returns: wait for the row before reading its status.
      await rowOf(page, 'e2e_order_update').waitFor({ timeout: 15_000 }).catch(() => undefined);
      return rowOf(page, 'e2e_order_update').getByText('Approved').isVisible().catch(() => false);
    }, 60_000);
  });

  it('creates an authentication one-tap template', async () => {
    await startTemplate(page, server.url, 'e2e_login_code', 'Authentication');
    await page.getByRole('radio', { name: /One-tap autofill/ }).check();
    await expect.poll(() => page.getByRole('button', { name: 'Submit' }).isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: 'Package name' }).fill('com.pesan.demo');
    await page.getByRole('textbox', { name: 'App signature hash' }).fill('K8a/AINcGX7');
    await page.getByRole('textbox', { name: /Expires in/ }).fill('5');
    const preview = page.getByRole('figure', { name: 'Template preview' });
    await expect.poll(() => preview.textContent()).toContain('This code expires in 5 minutes.');
    await shoot('wa-editor-1366-auth.png');
    await scan('authentication form 1366');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('dialog', { name: M.submitTitle }).getByRole('button', { name: M.submitYes }).click();
    const submitted = page.getByRole('dialog', { name: 'Message Template Submitted' });
    await submitted.waitFor();
    await submitted.getByRole('button', { name: 'Back to template list' }).click();
    await page.waitForURL(/\/whatsapp-template$/);
    await until('the sandbox reviewer to approve e2e_login_code', async () => {
      await page.reload();
      // Under load the list renders after the reload returns: wait for the row before reading its status.
      await rowOf(page, 'e2e_login_code').waitFor({ timeout: 15_000 }).catch(() => undefined);
      return rowOf(page, 'e2e_login_code').getByText('Approved').isVisible().catch(() => false);
    }, 60_000);
  });

  it('reads well at 375 px: the preview below the form', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await startTemplate(page, server.url, 'e2e_mobile_promo', 'Marketing');
    await page.getByRole('textbox', { name: 'Body text' }).fill('Hi {{1}}, our *weekend sale* starts now. See you soon!');
    await page.getByRole('textbox', { name: 'Body sample for {{1}}' }).fill('Maria');
    await page.getByRole('button', { name: 'Add button' }).click();
    await page.getByRole('menuitem', { name: /^Visit website/ }).click();
    const card = page.getByRole('group', { name: 'Button 1 (Visit website)' });
    await card.getByRole('textbox', { name: 'Button text' }).fill('Shop now');
    await card.getByRole('textbox', { name: 'Website URL' }).fill('https://shop.example.com');
    const form = await page.getByRole('heading', { name: 'Buttons' }).boundingBox();
    const preview = await page.getByRole('figure', { name: 'Template preview' }).boundingBox();
    expect(preview!.y).toBeGreaterThan(form!.y);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await shoot('wa-editor-375.png');
    await scan('marketing form 375');
    // Leaving with unsaved changes asks first.
    await page.goBack();
    const leave = page.getByRole('dialog', { name: 'Leave this page?' });
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Stay' }).click();
    await page.getByRole('heading', { name: 'Create Template' }).waitFor();
  });

  it('has no serious or critical axe violations', () => {
    expect(scanned).toEqual(Object.fromEntries(Object.keys(scanned).map((k) => [k, []])));
  });
});
