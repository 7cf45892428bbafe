/**
 * Entry of the operator CLI: `npm run admin -- <command> [options]` (`npm run admin -- --help`).
 * Everything is in admin-cli.ts; this file only runs it and sets the exit status.
 */
import { main } from './admin-cli.ts';
import { escapeForTerminal } from './terminal-text.ts';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(escapeForTerminal(`Error: ${err instanceof Error ? err.message : String(err)}`));
    process.exitCode = 1;
  },
);
