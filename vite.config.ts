import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { prebuiltMermaid } from './scripts/vite-prebuilt-mermaid.ts';

export default defineConfig({
  root: 'src/app',
  plugins: [react(), prebuiltMermaid()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      // Rolldown's advice when plugins took much of the build: on a busy machine it fires for
      // Vite's own CSS and import-analysis plugins, and `npm start` would print it on a first start.
      checks: { bundlerTimings: false },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/collaboration': { target: 'ws://localhost:3000', ws: true },
    },
  },
});
