import { it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { startServer } from './support/server.ts';
it('debug', async () => {
  const [server, browser] = await Promise.all([startServer({ DEMO_DATA: 'true' }), launchBrowser()]);
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    page.on('console', (m) => console.log('console', m.type(), m.text()));
    page.on('pageerror', (e) => console.log('pageerror', e.message));
    await page.goto(`${server.url}/auth/login`);
    await page.getByLabel('Email').fill('demo@pesan.local');
    await page.getByLabel('Password', { exact: true }).fill('Demo@1234');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForTimeout(5000);
    console.log('URL', page.url());
    await page.screenshot({ path: '/tmp/h6-shots/debug.png' });
  } finally {
    await browser.close();
    await server.stop();
  }
});
