/**
 * Issue 26 "Teams" in the browser (ARCHITECTURE.md §5.1): the demo owner invites a member as
 * Viewer from Members; the invitation e-mail's link, opened in a fresh browser, creates the account
 * and lands signed in; that viewer's console hides what a viewer may not do (Create Application,
 * Edit, Delete, Generate, Invite member) and the Audit Log menu; the owner's Audit Log filters by
 * action (rows narrow, the URL keeps it) and by date range, and exports CSV. At 1366 and 375 px,
 * with an axe scan of every screen (no serious or critical violation) and no sideways scroll at
 * 375 px. With SCREENSHOT_DIR set, saves screenshots there.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, seriousA11yViolations } from './support/browser.ts';
import { signInAsDemo, until } from './support/flows.ts';
import { startServer, waitForMailLink, type RunningServer } from './support/server.ts';

const SHOTS = process.env.SCREENSHOT_DIR;
const INVITED = 'rina.teams@pesan.local';
const PASSWORD = 'Rina#Pass123';

describe('teams: members, invitations, roles and the audit log', () => {
  let server: RunningServer;
  let browser: Browser;
  let owner: BrowserContext;
  let page: Page;
  let invitationPath = '';
  const scanned: Record<string, unknown[]> = {};
  const scan = async (p: Page, name: string) => {
    await p.waitForLoadState('networkidle');
    scanned[`${name}-${p.viewportSize()!.width}`] = await seriousA11yViolations(p);
  };
  const shot = async (p: Page, name: string, fullPage = true) => {
    if (!SHOTS) return;
    await p.waitForLoadState('networkidle');
    await p.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
    await p.waitForTimeout(300);
    await p.screenshot({ path: join(SHOTS, `teams-${name}-${p.viewportSize()!.width}.png`), fullPage });
  };
  /** Horizontal overflow of the page, in px (0 = none). */
  const overflow = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  const profileMenu = (p: Page) => p.getByRole('navigation', { name: 'Profile' });

  beforeAll(async () => {
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    server = await startServer({ DEMO_DATA: 'true' });
    browser = await launchBrowser();
    owner = await browser.newContext({ acceptDownloads: true, viewport: { width: 1366, height: 900 } });
    page = await owner.newPage();
    await signInAsDemo(page, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('lists the members for the owner, with the side menu entries, and invites a member as Viewer', async () => {
    await page.goto(`${server.url}/profile/edit-profile`);
    const menu = profileMenu(page);
    await menu.getByRole('link', { name: 'Members' }).waitFor();
    expect(await menu.getByRole('link', { name: 'Security' }).count()).toBe(1);
    expect(await menu.getByRole('link', { name: 'Audit Log' }).count()).toBe(1);
    await menu.getByRole('link', { name: 'Members' }).click();
    await page.waitForURL(/\/profile\/members$/);
    const table = page.getByRole('table', { name: 'Members' });
    await table.getByText('Sari Viewer').waitFor();
    expect(await table.getByText('viewer@pesan.local').count()).toBe(1);
    // The owner may change the others' roles, never their own.
    expect(await page.getByRole('combobox', { name: 'Role of Sari Viewer' }).or(page.getByRole('textbox', { name: 'Role of Sari Viewer' })).count()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Remove Sari Viewer' }).count()).toBe(1);
    await page.getByRole('heading', { name: 'Pending invitations' }).waitFor();
    await scan(page, 'members');
    await shot(page, 'members');

    await page.getByRole('button', { name: 'Invite member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite member' });
    await dialog.getByLabel('E-mail').fill(INVITED);
    const role = dialog.getByRole('textbox', { name: 'Role' }).or(dialog.getByRole('combobox', { name: 'Role' })).first();
    await role.click();
    await page.getByRole('option', { name: /^Viewer/ }).click();
    await scan(page, 'invite-modal');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`Invitation sent to ${INVITED}`).first().waitFor();
    await page.getByRole('table', { name: 'Pending invitations' }).getByText(INVITED).waitFor();

    invitationPath = await waitForMailLink(server.dataDir, INVITED, /https?:\/\/[^/\s]+(\/auth\/invitation\/[A-Za-z0-9_-]+)/);
    expect(invitationPath).toMatch(/^\/auth\/invitation\//);
  });

  it('opens the link in a fresh browser, creates the account there and lands signed in as a viewer who cannot change anything', async () => {
    const guest = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const p = await guest.newPage();
    await p.goto(`${server.url}${invitationPath}`);
    await p.getByText(/invited you to join as/).waitFor();
    expect(await p.getByText('Viewer', { exact: true }).count()).toBeGreaterThan(0);
    // The register rules and messages.
    await p.getByRole('button', { name: 'Create account and join' }).click();
    await p.getByText('Fullname is required').waitFor();
    await scan(p, 'invitation');
    await shot(p, 'invitation');
    await p.getByLabel('Full Name').fill('Rina Teams');
    await p.getByLabel('Phone Number').fill('081234567899');
    await p.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await p.getByLabel('Password Confirmation').fill(PASSWORD);
    await p.getByRole('button', { name: 'Create account and join' }).click();
    await p.waitForURL(/\/my-application$/);
    // The terms check runs as after any sign-in.
    const terms = p.getByRole('dialog', { name: /Syarat dan Ketentuan/ });
    await terms.waitFor({ timeout: 15_000 }).catch(() => undefined);
    if (await terms.isVisible().catch(() => false)) {
      await terms.getByRole('checkbox', { name: /Wajib/ }).check();
      await terms.getByRole('button', { name: 'Confirm' }).click();
      await terms.waitFor({ state: 'hidden' });
    }
    // A viewer: no Create Application, no Edit on the cards.
    await p.getByTestId('application-card').first().waitFor();
    expect(await p.getByRole('link', { name: 'Create Application' }).count()).toBe(0);
    expect(await p.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    await p.getByTestId('application-card').first().getByRole('link').first().click();
    await p.waitForURL(/\/my-application\/detail\//);
    await p.getByRole('heading', { name: 'Token Authentication' }).waitFor();
    expect(await p.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    expect(await p.getByRole('link', { name: 'Edit' }).count()).toBe(0);
    expect(await p.getByRole('button', { name: 'Generate' }).count()).toBe(0);
    expect(await p.getByRole('button', { name: 'Rotate secret' }).count()).toBe(0);
    await scan(p, 'viewer-detail');

    // The profile menu has no Audit Log; Members is read-only.
    await p.goto(`${server.url}/profile/members`);
    const table = p.getByRole('table', { name: 'Members' });
    await table.getByText('Rina Teams').waitFor();
    expect(await profileMenu(p).getByRole('link', { name: 'Audit Log' }).count()).toBe(0);
    expect(await profileMenu(p).getByRole('link', { name: 'Members' }).count()).toBe(1);
    expect(await p.getByRole('button', { name: 'Invite member' }).count()).toBe(0);
    expect(await p.getByRole('button', { name: /^Remove / }).count()).toBe(0);
    await scan(p, 'viewer-members');
    await guest.close();

    // The owner sees the new member and no pending invitation for that address any more.
    await page.reload();
    await page.getByRole('table', { name: 'Members' }).getByText('Rina Teams').waitFor();
    expect(await page.getByRole('table', { name: 'Pending invitations' }).getByText(INVITED).count()).toBe(0);
  });

  it('filters the audit log by action and date range, keeps the filters in the URL and exports CSV', async () => {
    await profileMenu(page).getByRole('link', { name: 'Audit Log' }).click();
    await page.waitForURL(/\/profile\/audit-log/);
    const table = page.getByRole('table', { name: 'Audit log' });
    await table.getByTestId('audit-row').first().waitFor();
    const before = await table.getByTestId('audit-row').count();
    expect(before).toBeGreaterThan(1);
    await scan(page, 'audit-log');
    await shot(page, 'audit-log');

    const action = page.getByRole('textbox', { name: 'Action' }).or(page.getByRole('combobox', { name: 'Action' })).first();
    await action.click();
    await action.fill('Invitation accepted');
    await page.getByRole('option', { name: 'Invitation accepted' }).click();
    await page.keyboard.press('Escape');
    await page.waitForURL(/action=member\.invitation_accepted/);
    await until('the rows to narrow to the accepted invitations', async () => {
      const rows = table.getByTestId('audit-row');
      const n = await rows.count();
      if (n === 0 || n >= before) return false;
      const texts = await rows.allInnerTexts();
      return texts.every((t) => t.includes('Invitation accepted'));
    });
    expect(await table.getByText(INVITED).count()).toBeGreaterThan(0);

    // Today only: the accepted invitation of this run is still there.
    await page.getByRole('button', { name: /^Date range:/ }).click();
    await page.getByRole('button', { name: 'Today', exact: true }).click();
    await page.waitForURL((url) => {
      const q = new URL(url).searchParams;
      return q.get('start') !== null && q.get('start') === q.get('end');
    });
    await table.getByText(INVITED).first().waitFor();

    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV of the filtered entries' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain(INVITED);
  });

  it('fits 375 px without sideways scroll: members as cards, the audit log and the invitation page', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${server.url}/profile/members`);
    await page.getByRole('list', { name: 'Members' }).getByText('Sari Viewer').waitFor();
    expect(await overflow(page)).toBe(0);
    await scan(page, 'members');
    await shot(page, 'members');

    await page.goto(`${server.url}/profile/audit-log`);
    await page.getByRole('list', { name: 'Audit log' }).locator('li').first().waitFor();
    expect(await overflow(page)).toBe(0);
    await scan(page, 'audit-log');
    await shot(page, 'audit-log', false);

    // The used link now says so, with a way to sign in.
    const guest = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const p = await guest.newPage();
    await p.goto(`${server.url}${invitationPath}`);
    await p.getByRole('heading', { name: 'This invitation cannot be used' }).waitFor();
    expect(await p.getByRole('link', { name: 'Go to sign in' }).count()).toBe(1);
    expect(await overflow(p)).toBe(0);
    await scan(p, 'invitation-invalid');
    await guest.close();
  });

  it('has no serious or critical axe violation on any screen', () => {
    expect(Object.keys(scanned).length).toBeGreaterThan(6);
    expect(Object.fromEntries(Object.entries(scanned).filter(([, v]) => v.length > 0))).toEqual({});
  });
});
