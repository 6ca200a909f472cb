import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  main: {
    build: {
      // Only `dependencies` stay outside the bundle, loaded from node_modules at run time: keytar
      // (a native module) and electron-updater (electron itself is always external). The pure-JS
      // libraries main uses are bundled, so they need not ship in the app: they are
      // devDependencies, and `exclude` keeps them bundled should one move back to dependencies.
      externalizeDeps: { exclude: ['zod', 'decimal.js', 'csv-stringify'] },
    },
  },
  preload: {
    build: {
      // A sandboxed preload can only require('electron'): bundle everything into one CommonJS file.
      externalizeDeps: false,
      rollupOptions: {
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    plugins: [react()],
    build: {
      minify: true,
      rollupOptions: {
        input: resolve(__dirname, 'src/renderer/index.html'),
        // Everything the first screen imports statically is one script: the bundler's default split
        // it into eight (shared with the lazy screens), eight requests and compiles before the first
        // paint. The screens loaded later import what they share from it.
        output: { codeSplitting: { groups: [{ name: 'first-screen', tags: ['$initial'] }] } },
      },
    },
  },
});
