import { defineConfig } from 'vitest/config';

const serverProject = (name: string, env: Record<string, string>, exclude: string[] = []) => ({
  test: {
    name,
    root: './apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...exclude],
    environment: 'node',
    env,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contracts', root: './packages/contracts', include: ['src/**/*.test.ts'] } },
      serverProject('server-pglite', { TEST_DB: 'pglite' }),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-postgres', { TEST_DB: 'postgres' }, ['test/process.test.ts'])] : []),
      {
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['./src/test/setup.ts'],
          // The browser in the organization's default zone (Asia/Jakarta), so times show without a
          // zone note; tests of another browser zone set the display zone themselves.
          env: { TZ: 'Asia/Jakarta' },
          // Component tests wait on real 500 ms debounces; on two loaded CI cores 5 s is too tight.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
