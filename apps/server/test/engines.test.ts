/**
 * Issue 7 item 9, "Installs as deploys do": no installed package may need a newer Node than the
 * root package.json `engines.node` says (today ">=20.20.2", the floor of @fastify/sse, the live stream's plugin). Every package.json under node_modules
 * (the root's, each workspace's and every nested node_modules) and every package-lock.json entry
 * (which also covers platform packages this machine did not install) must admit the lowest Node
 * that `engines` allows. A failure names each package, its version, where it is and its range.
 */
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;

const rootPkg = readJson(join(repoRoot, 'package.json')) as { engines?: { node?: string }; workspaces?: string[] };
const rootRange = rootPkg.engines?.node ?? '';
/** The oldest Node the root `engines` admits, e.g. 20.19.0 for ">=20.19". */
const floor = semver.minVersion(rootRange)?.version;

/** Why `range` (a package's engines.node) shuts out the floor, or null when it admits it. */
function refusal(range: unknown): string | null {
  if (range === undefined || range === null) return null;
  if (typeof range !== 'string') return `engines.node is not a string (${JSON.stringify(range)})`;
  if (semver.validRange(range) === null) return `engines.node "${range}" is not a valid range`;
  return semver.satisfies(floor!, range) ? null : `engines.node "${range}"`;
}

/** package.json paths of every package installed under `nodeModules`, nested node_modules included. */
function installedPackageJsons(nodeModules: string, out: string[] = []): string[] {
  let entries: string[];
  try {
    entries = readdirSync(nodeModules);
  } catch {
    return out;
  }
  for (const name of entries) {
    if (name.startsWith('.')) continue; // .bin, .package-lock.json, .vite, ...
    const dir = join(nodeModules, name);
    if (name.startsWith('@')) {
      for (const scoped of readdirSync(dir)) visitPackage(join(dir, scoped), out);
    } else {
      visitPackage(dir, out);
    }
  }
  return out;
}

function visitPackage(dir: string, out: string[]) {
  // Workspace links (node_modules/@pesan/*) are symlinks; their node_modules are walked on their own.
  if (lstatSync(dir).isSymbolicLink()) return;
  try {
    lstatSync(join(dir, 'package.json'));
    out.push(join(dir, 'package.json'));
  } catch {
    // not a package (a stray folder)
  }
  installedPackageJsons(join(dir, 'node_modules'), out);
}

describe('engines: installs as deploys do (Node ' + rootRange + ')', () => {
  it('has a root engines.node with a lowest version', () => {
    expect(rootRange).not.toBe('');
    expect(floor, `root engines.node "${rootRange}" has no lowest version`).toBeTruthy();
  });

  it('installs no package that needs a newer Node than the root engines floor', () => {
    const roots = ['.', ...(rootPkg.workspaces ?? [])].map((ws) => join(repoRoot, ws, 'node_modules'));
    const files = roots.flatMap((nm) => installedPackageJsons(nm));
    expect(files.length).toBeGreaterThan(100); // the walk found the install

    const offenders: string[] = [];
    for (const file of files) {
      let pkg: { name?: string; version?: string; engines?: { node?: unknown } };
      try {
        pkg = readJson(file);
      } catch {
        continue; // a fixture or broken file inside some package; not an installed package manifest
      }
      if (!pkg.name || !pkg.version) continue; // nested package.json files that only set "type" etc.
      const why = refusal(pkg.engines?.node);
      if (why) offenders.push(`${pkg.name}@${pkg.version} (${relative(repoRoot, file)}): ${why} does not admit Node ${floor}`);
    }
    expect(offenders).toEqual([]);
  });

  it('locks no package (any platform) that needs a newer Node than the root engines floor', () => {
    const lock = readJson(join(repoRoot, 'package-lock.json')) as {
      packages: Record<string, { version?: string; engines?: { node?: unknown } | unknown[] }>;
    };
    const offenders: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      if (!path.includes('node_modules/')) continue; // the root and the workspaces themselves
      const engines = entry.engines;
      const why = refusal(Array.isArray(engines) ? undefined : engines?.node);
      if (why) offenders.push(`${path}@${entry.version}: ${why} does not admit Node ${floor}`);
    }
    expect(offenders).toEqual([]);
  });
});
