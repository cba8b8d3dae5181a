import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/** What every screen runs on: one long-cached chunk, compressed as a whole rather than in slivers. */
const framework =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/;

export default defineConfig({
  plugins: [
    react(),
    // .br and .gz beside each script, style sheet and icon, made once at build time: the server
    // sends them as they are (preCompressed) instead of compressing on every request. index.html
    // is left out: the server fills in each page's head before sending it.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|css|svg)$/,
      threshold: 1024,
      skipIfLargerOrEqual: true,
    }),
  ],
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
    rolldownOptions: {
      // Entry chunks export nothing anyone imports: rolldown may reshape them (needed below).
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: framework, priority: 20 },
            // Everything else the entry loads up front (the shell, the Mantine pieces it draws,
            // the API client): one request instead of ~17 slivers.
            { name: 'shell', tags: ['$initial'], priority: 10 },
          ],
          // Small common chunks (a Mantine component, a helper shared by two pages) are copied
          // into the chunks that use them instead of each being a request of its own: a profile
          // needed 35 scripts, 6 with this, for the same bytes; on a phone over HTTP/1.1 each
          // request waits its turn (decision 0008). Experimental in rolldown 1.2; it
          // turns on strictExecutionOrder, so modules still run in their import order, and a
          // registry keeps one state per module across copies. Chunks holding style sheets stay
          // files, as rolldown's guide asks of Vite builds (the CSS would be emitted per copy).
          experimentalInlineCommonChunks: { maxSize: 8000, exclude: /\.css(\?|$)/ },
        },
      },
    },
  },
});
