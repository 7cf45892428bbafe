import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Writes `<file>.br` and `<file>.gz` beside every text asset of the build (issue 10), which the
 * server sends through @fastify/static's `preCompressed` option: no compression per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'pesan-precompress',
    apply: 'build',
    configResolved: (config) => void (outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir)),
    writeBundle() {
      const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? (e.name.startsWith('.') ? [] : walk(join(dir, e.name))) : [join(dir, e.name)]));
      for (const file of walk(outDir).filter((f) => /\.(js|css|html|svg|json|txt|map)$/.test(f))) {
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/v1': 'http://localhost:3000' },
  },
  // The manifest (dist/.vite, not served) feeds the first-load JavaScript budget test (e2e).
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1500, manifest: true },
});
