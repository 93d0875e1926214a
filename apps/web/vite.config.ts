import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

const rootPackage = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
) as { version: string };

/**
 * @monaco-editor/loader's default config names a CDN. The app hands the loader its bundled
 * Monaco, so that address is never used: it is blanked to keep every remote URL out of dist.
 */
function withoutMonacoCdn(): Plugin {
  return {
    name: 'ponte-without-monaco-cdn',
    transform(code, id) {
      if (!/@monaco-editor[\\/]loader[\\/].*config[\\/]index\.js$/.test(id)) return null;
      return { code: code.replace(/https:\/\/cdn\.jsdelivr\.net\/[^'"`]*/g, ''), map: null };
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    withoutMonacoCdn(),
    // `x.br` and `x.gz` beside each text file of dist, served as they are by the server's
    // static plugin (ADR 0062): brotli at its best quality costs build time, never a request.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(html|js|mjs|css|json|svg|ttf|txt|map)$/,
      threshold: 1024,
      skipIfLargerOrEqual: true,
    }),
  ],
  define: {
    __PONTE_VERSION__: JSON.stringify(rootPackage.version),
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/account': 'http://127.0.0.1:3000',
      '/engine': { target: 'http://127.0.0.1:3000', ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // Three pages: the app; the public form the engine serves at /engine/forms/{id}
    // (docs/adr/0040); the approval page it serves at /engine/approvals/{token} (docs/adr/0100)
    // and at /engine/approval-requests/{token} (docs/adr/0115).
    // Each public page loads only its own chunk and the libraries it shares with the app.
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        form: fileURLToPath(new URL('./form.html', import.meta.url)),
        approval: fileURLToPath(new URL('./approval.html', import.meta.url)),
      },
    },
  },
  test: {
    name: 'web',
    // Absolute, so the project also finds its tests when run from the repository root.
    root: fileURLToPath(new URL('./src', import.meta.url)),
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    css: false,
    // A guard against a hung test, not a speed bound: typing a whole form with user-event on a
    // two-core machine running two test files at once takes up to half a minute.
    testTimeout: 60_000,
  },
});
