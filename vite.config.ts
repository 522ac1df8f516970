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
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
