/**
 * The real server (apps/server/src/main.ts) and the operator CLI as child processes, as `npm start`
 * and `npm run admin` run them, for the process, roles and CLI tests: output captured, exit
 * awaited, health awaited.
 */
import { createServer } from 'node:net';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const serverEntry = fileURLToPath(new URL('../src/main.ts', import.meta.url));
export const adminEntry = fileURLToPath(new URL('../src/cli/admin.ts', import.meta.url));

export interface NodeProcess {
  child: ChildProcess;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  /** stdout and stderr so far, interleaved. */
  output(): string;
}

/**
 * Runs `entry` with tsx and `args`; the environment is this one without DATABASE_URL, at
 * LOG_LEVEL=warn, overridden by `env`.
 */
export function runNode(entry: string, args: string[], env: Record<string, string>): NodeProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => out };
}

/** Waits until `http://127.0.0.1:{port}/api/health` answers 200 (at most `ms`); throws with the output if the process exits first. */
export async function waitForHealth(port: number, proc: NodeProcess, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
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

/** A TCP port free right now on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}
