/**
 * Starts the real server (apps/server/src/main.ts through tsx, serving the built SPA) on a free
 * port with a fresh DATA_DIR, and stops it. The e2e tests talk to it over HTTP like a user would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

export interface RunningServer {
  url: string;
  dataDir: string;
  output: () => string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Spawns the server; resolves once /api/health answers. `env` overrides configuration. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'pesan-e2e-'));
  const url = `http://localhost:${port}`;
  let log = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      SANDBOX_DELAY_MS: '300',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    dataDir,
    output: () => log,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The newest e-mail in DATA_DIR/mail addressed to `to` (decoded quoted-printable), or null.
 */
export function latestMailTo(dataDir: string, to: string): string | null {
  const dir = join(dataDir, 'mail');
  if (!existsSync(dir)) return null;
  const files = readdirSync(dir).filter((f) => f.endsWith('.eml')).sort().reverse();
  for (const f of files) {
    const raw = readFileSync(join(dir, f), 'utf8');
    const decoded = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
    if (decoded.toLowerCase().includes(`to: ${to.toLowerCase()}`) || decoded.toLowerCase().includes(`<${to.toLowerCase()}>`)) return decoded;
  }
  return null;
}

/** Waits for an e-mail to `to` whose text matches `pattern`; returns the first capture group. */
export async function waitForMailLink(dataDir: string, to: string, pattern: RegExp, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = latestMailTo(dataDir, to);
    const m = mail ? pattern.exec(mail) : null;
    if (m) return m[1] ?? m[0];
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} matching ${pattern}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
