// Two pages from one code base: index.html is the staff back office, join.html the member join site.
// Each is its own entry, so a host downloads only its own screens; vendor code is shared.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const src = fileURLToPath(new URL('./src/', import.meta.url));

/**
 * In development the join site is served by the same Vite server: page requests to `join.*` get
 * join.html, as the API server does in production (apps/server/src/http/page-host.ts).
 */
function joinHostInDevelopment(): Plugin {
  return {
    name: 'gym:join-host',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const isPage = req.method === 'GET' && req.headers.accept?.includes('text/html');
        const path = req.url?.split('?')[0] ?? '/';
        const isAppPath = !path.startsWith('/@') && !path.startsWith('/api') && !/\.\w+$/.test(path);
        if (isPage && isAppPath && req.headers.host?.startsWith('join.')) req.url = '/join.html';
        next();
      });
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), joinHostInDevelopment()],
  resolve: { alias: [{ find: /^@\//, replacement: src }] },
  server: {
    port: 5173,
    proxy: { '/api': { target: process.env.API_URL ?? 'http://localhost:3000' } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps for uploading to the error reporter; not referenced from the bundles, so browsers skip them.
    sourcemap: 'hidden',
    rolldownOptions: {
      input: {
        staff: fileURLToPath(new URL('./index.html', import.meta.url)),
        member: fileURLToPath(new URL('./join.html', import.meta.url)),
      },
    },
  },
});
