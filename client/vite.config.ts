import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));
const api = process.env.API_URL ?? 'http://127.0.0.1:4000';

export default defineConfig({
  root,
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('../dist/client', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        playground: fileURLToPath(new URL('./playground.html', import.meta.url)),
      },
    },
  },
  optimizeDeps: {
    // Only the shop is pre-bundled in dev; GraphiQL's Monaco workers (`?worker` imports) are left to Vite's
    // worker plugin, which the dependency optimizer cannot handle.
    entries: ['index.html'],
    exclude: ['graphiql', '@graphiql/react', '@graphiql/toolkit', 'monaco-graphql', 'monaco-editor'],
  },
  server: {
    port: 5173,
    proxy: {
      '/graphql': api,
      '/api': api,
      '/media': api,
      '/webhooks': api,
      '/healthz': api,
      '/robots.txt': api,
      '/sitemap.xml': api,
    },
  },
});
