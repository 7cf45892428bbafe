/**
 * WhatsApp templates end to end, the remaining paths of issue 13 (templates-dashboard-reports.md
 * §2.1, §2.4, §4, §5.4; ARCHITECTURE.md §7 deviation 4):
 * - the `/new-whatsapp-template` family: its list, 'Add Template' to `/new-whatsapp-template/create`,
 *   a marketing template with an IMAGE header whose sample is a real PNG uploaded through the
 *   editor (POST /api/upload?purpose=template_media, shown in the phone preview from the served
 *   file), saved as Draft, then Edit from the list to `/new-whatsapp-template/edit/{id}`, the same
 *   editor with the uploaded sample, saved again;
 * - a template the sandbox reviewer rejects (a link shortener, REVIEW_DELAY_MS), opened from the
 *   list with its rejected banner and recommendation, edited and submitted again: In Review, then
 *   Approved.
 * Waits for what the page shows (never fixed sleeps); each test stays well under 60 s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { templateMediaName } from '@pesan/contracts/upload';
import { WA_TEMPLATE_API_MESSAGES } from '@pesan/contracts/wa-template-api';
import { WA_TEMPLATE_MESSAGES as M } from '@pesan/contracts/wa-template-messages';
import { launchBrowser } from './support/browser.ts';
import { pick, signInAsDemo, until } from './support/flows.ts';
import { startServer, type RunningServer } from './support/server.ts';

/** A real 1×1 PNG (a red pixel). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
/** The sandbox reviewer's delay: long enough to see 'In Review' after saving, short enough for the test. */
const REVIEW_DELAY_MS = 6000;
const LIST_PATH = '/api/wa/template/list';

/** The list row of template `name`. */
const rowOf = (page: Page, name: string) => page.getByRole('row', { name: new RegExp(`\\b${name}\\b`) });

describe('WhatsApp templates: media header upload, the /new-whatsapp-template family, resubmitting a rejected template', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  /** Opens 'Add Template' on the `family` list and continues to its create route with a Marketing template `name`. */
  async function startTemplate(family: '/whatsapp-template' | '/new-whatsapp-template', name: string) {
    await page.goto(`${server.url}${family}`);
    await page.getByRole('button', { name: 'Add Template' }).first().click();
    const modal = page.getByRole('dialog', { name: 'New Whatsapp Template' });
    await modal.getByLabel('Template Name').fill(name);
    await expect.poll(() => modal.getByRole('combobox', { name: /^Application/ }).inputValue()).not.toBe('');
    await pick(page, modal, 'Language', 'English (US)', /English \(US\)/);
    await modal.getByRole('radio', { name: /^Marketing/ }).click();
    await modal.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((u) => u.pathname === `${family}/create`);
    await page.getByRole('heading', { name: 'Create Template' }).waitFor();
  }

  /** The organization's template `name` through the console API. */
  async function templateNamed(name: string): Promise<{ _id: string; status: string; payload: { header: { type: string; example?: { header_handle: string[] } } } }> {
    const res = await page.request.post(`${server.url}${LIST_PATH}`, { headers: { origin: server.url }, data: { application_id: [], status: [], page: 1, limit: 100, search: name } });
    expect(res.status(), await res.text()).toBe(200);
    const row = ((await res.json()) as { data: { docs: { _id: string; template_name: string }[] } }).data.docs.find((t) => t.template_name === name);
    if (!row) throw new Error(`no template ${name}`);
    const one = await page.request.get(`${server.url}/api/wa/template/${row._id}`);
    expect(one.status()).toBe(200);
    return ((await one.json()) as { data: Awaited<ReturnType<typeof templateNamed>> }).data;
  }

  /** Reloads the list until template `name` shows `status` (the sandbox reviewer decides in the background). */
  async function waitForListStatus(name: string, status: string, timeoutMs = 40_000) {
    await until(
      `${name} to show ${status}`,
      async () => {
        await page.reload();
        // Under load the list renders after the reload returns: wait for the row before reading its status.
        await rowOf(page, name).waitFor({ timeout: 15_000 }).catch(() => undefined);
        return rowOf(page, name).getByText(status, { exact: true }).isVisible().catch(() => false);
      },
      timeoutMs,
    );
  }

  /** Opens the row menu of `name` and clicks `item`. */
  async function rowAction(name: string, item: string) {
    await rowOf(page, name).getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
    await page.getByRole('menuitem', { name: item, exact: true }).click();
  }

  beforeAll(async () => {
    server = await startServer({ DEMO_DATA: 'true', SANDBOX_DELAY_MS: '0', REVIEW_DELAY_MS: String(REVIEW_DELAY_MS) });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    page = await context.newPage();
    await signInAsDemo(page, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('creates a template with an uploaded PNG header in the /new-whatsapp-template family, saves it, and edits it there', async () => {
    // The family's list, then its create route.
    await page.goto(`${server.url}/new-whatsapp-template`);
    await page.getByRole('table', { name: 'Whatsapp templates' }).waitFor();
    await startTemplate('/new-whatsapp-template', 'e2e_media_header');

    // Header: Media, Image; the sample is a real PNG picked with the file chooser and uploaded.
    await page.getByRole('region', { name: 'Header' }).getByText('Media', { exact: true }).click();
    await page.getByRole('region', { name: 'Header' }).getByText('Image', { exact: true }).waitFor();
    const upload = page.waitForResponse((r) => r.url().includes('/api/upload?purpose=template_media') && r.request().method() === 'POST');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload image' }).click();
    await (await chooser).setFiles({ name: 'menu.png', mimeType: 'image/png', buffer: PNG });
    const uploaded = await upload;
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    const { url, handle } = ((await uploaded.json()) as { data: { url: string; handle: string } }).data;
    expect(handle).toMatch(/^4::/);
    const stored = templateMediaName(handle)!;
    expect(url.endsWith(`/api/uploads/${stored}`)).toBe(true);
    await page.getByText('menu.png', { exact: true }).waitFor();

    // The phone preview shows the served image (the organization's session fetches it).
    const preview = page.getByRole('figure', { name: 'Template preview' });
    const image = preview.getByRole('img', { name: 'Header image' });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 15_000 }).toBe(1);
    const served = await page.request.get(url);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/png');
    expect(served.headers()['x-content-type-options']).toBe('nosniff');

    await page.getByRole('textbox', { name: 'Body text' }).fill('Hi {{1}}, our new menu is here. Come and taste it this week!');
    await page.getByRole('textbox', { name: 'Body sample for {{1}}' }).fill('Maria');
    await expect.poll(() => page.getByRole('button', { name: 'Save as Draft' }).isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Save as Draft' }).click();
    await page.getByText(M.drafted).first().waitFor();
    // Back to the list of the same family.
    await page.waitForURL((u) => u.pathname === '/new-whatsapp-template', { timeout: 15_000 });
    await rowOf(page, 'e2e_media_header').getByText('Draft', { exact: true }).waitFor();
    const saved = await templateNamed('e2e_media_header');
    expect(saved.payload.header).toMatchObject({ type: 'image', example: { header_handle: [handle] } });

    // Edit from the list: the family's edit route, the same editor with the uploaded sample.
    await rowAction('e2e_media_header', 'Edit');
    await page.waitForURL((u) => u.pathname === `/new-whatsapp-template/edit/${saved._id}`);
    await page.getByRole('heading', { name: 'Edit Template' }).waitFor();
    await page.getByRole('button', { name: 'Replace' }).waitFor();
    await expect.poll(() => preview.getByRole('img', { name: 'Header image' }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 15_000 }).toBe(1);
    const body = page.getByRole('textbox', { name: 'Body text' });
    await expect.poll(() => body.inputValue()).toBe('Hi {{1}}, our new menu is here. Come and taste it this week!');
    await body.fill('Hi {{1}}, our new menu is here. Come and taste it this weekend!');
    const put = page.waitForResponse((r) => r.url().includes(`/api/wa/template/${saved._id}`) && r.request().method() === 'PUT');
    // Saving returns to the list after 1.5 s, also in edit mode.
    await page.getByRole('button', { name: 'Save as Draft' }).click();
    expect((await put).status()).toBe(200);
    await page.getByText(M.drafted).first().waitFor();
    await page.waitForURL((u) => u.pathname === '/new-whatsapp-template', { timeout: 15_000 });
    const edited = await templateNamed('e2e_media_header');
    expect(edited).toMatchObject({ status: 'DRAFT', payload: { header: { type: 'image', example: { header_handle: [handle] } } } });
  }, 60_000);

  it('refuses a file that is not an image by its content, before and without storing it', async () => {
    await startTemplate('/new-whatsapp-template', 'e2e_media_refused');
    await page.getByRole('region', { name: 'Header' }).getByText('Media', { exact: true }).click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload image' }).click();
    // A text file dressed as a PNG: the editor reads its first bytes and refuses it.
    await (await chooser).setFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('this is not a picture') });
    await page.getByRole('alert').filter({ hasText: 'Choose a JPEG or PNG image' }).waitFor();
    await page.getByRole('button', { name: 'Upload image' }).waitFor();
    // And the server refuses it by content as well, with its message.
    const res = await page.request.post(`${server.url}/api/upload?purpose=template_media`, {
      headers: { origin: server.url },
      multipart: { file: { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('this is not a picture') } },
    });
    expect(res.status()).toBe(415);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('Only JPEG or PNG images, MP4 videos or PDF documents are accepted as template media');
    // Leave without saving.
    await page.goto(`${server.url}/new-whatsapp-template`);
    const leave = page.getByRole('dialog', { name: 'Leave this page?' });
    if (await leave.isVisible().catch(() => false)) await leave.getByRole('button', { name: /Leave/ }).click();
  }, 60_000);

  it('edits a rejected template and submits it again: In Review, then Approved', async () => {
    // Submitted with a link shortener: the sandbox reviewer rejects it (INVALID_FORMAT).
    await startTemplate('/whatsapp-template', 'e2e_fix_link');
    await page.getByRole('textbox', { name: 'Body text' }).fill('Our weekend sale is on: see every offer at https://bit.ly/pesan-sale today.');
    await expect.poll(() => page.getByRole('button', { name: 'Submit' }).isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('dialog', { name: M.submitTitle }).getByRole('button', { name: M.submitYes }).click();
    await page.getByText(M.created).first().waitFor();
    await page.waitForURL((u) => u.pathname === '/whatsapp-template', { timeout: 15_000 });
    await waitForListStatus('e2e_fix_link', 'Rejected');
    const rejected = await templateNamed('e2e_fix_link');

    // Edit: the rejected banner with the reviewer's recommendation.
    await rowAction('e2e_fix_link', 'Edit');
    await page.waitForURL((u) => u.pathname === `/whatsapp-template/edit/${rejected._id}`);
    const banner = page.getByRole('alert').filter({ hasText: M.rejectedBanner });
    await banner.waitFor();
    await banner.getByText('Use the full domain of your website instead of the link shortener bit.ly').waitFor();
    const body = page.getByRole('textbox', { name: 'Body text' });
    await expect.poll(() => body.inputValue()).toContain('https://bit.ly/pesan-sale');
    await body.fill('Our weekend sale is on: see every offer at https://shop.example.com/sale today.');

    // Submitted again: back In Review, then the reviewer's new decision. The editor goes straight
    // back to the list (never through the create route, which a template no longer editable would cause).
    const visited: string[] = [];
    const record = (frame: { url(): string; parentFrame(): unknown }) => void (frame.parentFrame() ? undefined : visited.push(new URL(frame.url()).pathname));
    page.on('framenavigated', record);
    await page.getByRole('button', { name: 'Submit' }).click();
    const put = page.waitForResponse((r) => r.url().includes(`/api/wa/template/${rejected._id}`) && r.request().method() === 'PUT');
    await page.getByRole('dialog', { name: M.submitTitle }).getByRole('button', { name: M.submitYes }).click();
    const answer = await put;
    expect(answer.status()).toBe(200);
    expect(((await answer.json()) as { data: { status: string } }).data.status).toBe('PENDING');
    await page.getByText(M.created).first().waitFor();
    await page.waitForURL((u) => u.pathname === '/whatsapp-template', { timeout: 15_000 });
    await rowOf(page, 'e2e_fix_link').getByText('In Review', { exact: true }).waitFor();
    page.off('framenavigated', record);
    expect(visited).toEqual(['/whatsapp-template']);
    expect(await page.getByText(WA_TEMPLATE_API_MESSAGES.notEditable).count()).toBe(0);
    await waitForListStatus('e2e_fix_link', 'Approved');
    expect(await templateNamed('e2e_fix_link')).toMatchObject({ status: 'APPROVED' });
  }, 60_000);
});
