/**
 * The process as `npm start` runs it: the data directory lock (a second process exits with a clear
 * message and corrupts nothing), clean shutdown on SIGTERM and SIGINT, and configuration errors.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../src/config.ts';

const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function run(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => out };
}

async function waitForHealth(port: number, proc: { exited: Promise<number | null>; output: () => string }) {
  const deadline = Date.now() + 60_000;
  let done = false;
  void proc.exited.then(() => (done = true));
  for (;;) {
    if (done) throw new Error(`exited early: ${proc.output()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      /* starting */
    }
    if (Date.now() > deadline) throw new Error(`no health: ${proc.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('server process', () => {
  it('refuses a second process on the same data directory and shuts down cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pesan-proc-'));
    dirs.push(dataDir);
    const port = 20000 + Math.floor(Math.random() * 20000);
    const first = run({ DATA_DIR: dataDir, PORT: String(port), DEMO_DATA: 'true' });
    await waitForHealth(port, first);
    expect(first.output()).toContain('Demo login: demo@pesan.local');

    const second = run({ DATA_DIR: dataDir, PORT: String(port + 1) });
    expect(await second.exited).toBe(3);
    expect(second.output()).toContain(`The data directory ${dataDir} is in use by another Pesan process`);
    // The first process is unharmed.
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('SIGTERM received, shutting down');

    // The lock is released: the directory opens again, with its data (no new demo seed needed).
    const third = run({ DATA_DIR: dataDir, PORT: String(port + 2) });
    await waitForHealth(port + 2, third);
    third.child.kill('SIGINT');
    expect(await third.exited).toBe(0);
  }, 120_000);

  it('stops with one clear line per bad variable', async () => {
    expect(() => loadConfig({ PORT: 'abc', SANDBOX_DELAY_MS: '-5', DATABASE_URL: 'mysql://x' }, [])).toThrowError(ConfigError);
    try {
      loadConfig({ PORT: 'abc', SANDBOX_DELAY_MS: '-5', DATABASE_URL: 'mysql://x' }, []);
    } catch (err) {
      const lines = (err as ConfigError).lines;
      expect(lines).toHaveLength(3);
      expect(lines.some((l) => l.startsWith('PORT:'))).toBe(true);
      expect(lines.some((l) => l.startsWith('SANDBOX_DELAY_MS:'))).toBe(true);
      expect(lines).toContain('DATABASE_URL: must be a postgres:// URL');
    }
    const bad = run({ PORT: 'abc', DATA_DIR: mkdtempSync(join(tmpdir(), 'pesan-proc-')) });
    expect(await bad.exited).toBe(2);
    expect(bad.output()).toMatch(/Invalid configuration:\nPORT: /);
  }, 30_000);
});
