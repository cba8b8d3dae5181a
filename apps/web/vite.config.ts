import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** What every screen runs on: one long-cached chunk, compressed as a whole rather than in slivers. */
const framework =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/;

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    // The API and the socket run on the server (npm run dev starts both).
    proxy: { '/api': { target: 'http://localhost:3000', ws: true } },
  },
  build: {
    outDir: 'dist',
    // No source maps in production: they would be served to anyone under /assets.
    sourcemap: false,
    // dist/.vite/manifest.json: which chunks each page needs (the bundle budget reads it; the
    // server never serves dot-folders).
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'framework', test: framework }] } } },
  },
});
