// Builds the Electron main process (out/main, ESM as package.json is "type": "module") and the sandboxed preload
// (out/preload/preload.cjs, CommonJS as sandboxed preloads must be). The console is built by vite.renderer.config.ts.
import { defineConfig } from 'electron-vite';
import { fileURLToPath } from 'node:url';

const fromRoot = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  main: {
    build: {
      outDir: fromRoot('./out/main'),
      emptyOutDir: true,
      sourcemap: true,
      // better-sqlite3 (native), fastify, zod, ...: loaded from node_modules at run time, never bundled.
      externalizeDeps: true,
      lib: { entry: fromRoot('./src-main/index.ts'), formats: ['es'] },
    },
  },
  preload: {
    build: {
      outDir: fromRoot('./out/preload'),
      emptyOutDir: true,
      sourcemap: 'inline',
      // A sandboxed preload can require only `electron`: everything else is bundled in.
      externalizeDeps: false,
      lib: { entry: fromRoot('./src-main/preload.ts'), formats: ['cjs'] },
    },
  },
});
