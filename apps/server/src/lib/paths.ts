/**
 * Where the server's files are, the same from the TypeScript sources (src/…) and from the
 * production bundle (dist/main.js, scripts/build.ts): the server directory is the nearest one up
 * from this module holding the @pesan/server package.json.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findServerDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === '@pesan/server') return dir;
    const up = dirname(dir);
    if (up === dir) throw new Error('The @pesan/server directory was not found above this module');
    dir = up;
  }
}

/** apps/server, absolute. */
export const SERVER_DIR = findServerDir();
/** The SQL migrations (apps/server/src/db/migrations). */
export const MIGRATIONS_DIR = join(SERVER_DIR, 'src', 'db', 'migrations');
/** The console's production build (apps/web/dist). */
export const WEB_DIST_DIR = join(SERVER_DIR, '..', 'web', 'dist');
/** The API documentation sources (docs/api of the repository). */
export const DOCS_API_DIR = join(SERVER_DIR, '..', '..', 'docs', 'api');
