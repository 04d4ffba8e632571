/**
 * Builds the renderer (renderer/ → dist/renderer). base './' because Electron
 * loads index.html from disk and the harness serves it from a sub-path, so
 * every asset URL must be relative.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compiledCatalogs } from './scripts/vite-catalogs.js';

export default defineConfig({
  root: fileURLToPath(new URL('./renderer', import.meta.url)),
  base: './',
  plugins: [compiledCatalogs(), react()],
  build: {
    outDir: fileURLToPath(new URL('./dist/renderer', import.meta.url)),
    emptyOutDir: true,
    // The CSP forbids inline scripts and styles, so nothing may be inlined as a data: module.
    assetsInlineLimit: 0,
    sourcemap: true,
  },
});
