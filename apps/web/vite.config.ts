// Two pages from one code base: index.html is the staff back office, join.html the member join site.
// Each is its own entry, so a host downloads only its own screens; vendor code is shared.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
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

/**
 * Each built asset also as .br and .gz beside it, compressed once at build (brotli at its best setting),
 * which the server sends to browsers that accept them (@fastify/static `preCompressed`).
 */
function precompress(): Plugin {
  let outDir = join(root, 'dist');
  return {
    name: 'gym:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const assets = join(outDir, 'assets');
      for (const name of await readdir(assets)) {
        if (!/\.(js|css|svg|json|html|txt)$/.test(name)) continue;
        const file = join(assets, name);
        const bytes = await readFile(file);
        if (bytes.length < 1024) continue;
        await writeFile(
          `${file}.br`,
          brotliCompressSync(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
        );
        await writeFile(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/**
 * react-router ships as one large module whose components are made by calls (`React.forwardRef(…)`,
 * `React.createContext(…)`) and then given a `displayName`: to the bundler those are side effects, so
 * every component stays in the first script whether the page uses it or not (Form, NavLink, fetchers and
 * the rest). Marking the calls pure and leaving out the display names (only React's developer tools read
 * them) lets it drop the unused ones. Lines are kept in place, so the module's source map still holds.
 */
function treeShakeReactRouter(): Plugin {
  return {
    name: 'gym:tree-shake-react-router',
    apply: 'build',
    transform: {
      filter: { id: /node_modules[\\/]react-router[\\/]dist[\\/].*\.mjs$/ },
      handler(code) {
        const shaken = code
          .replace(
            /^(var [\w$]+ = )(React\d*\.(?:forwardRef|createContext|memo)\()/gm,
            '$1/* @__PURE__ */ $2',
          )
          .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, '');
        return shaken === code ? null : { code: shaken, map: null };
      },
    },
  };
}

/** `a, b as c, type D` → [['a', 'a'], ['b', 'c']]: each binding's name on both sides of `as`. */
const bindings = (list: string) =>
  list
    .split(',')
    .map((binding) => binding.trim())
    .filter((binding) => binding !== '' && !binding.startsWith('type '))
    .map((binding) => {
      const [name, as] = binding.split(/\s+as\s+/);
      return [name!, as ?? name!] as const;
    });

/**
 * A module that only gathers others' exports (`@mantine/core`'s index): each name it exports, with the
 * module and name it comes from. Null for any module that does more.
 */
function barrelExports(code: string): Map<string, { from: string; name: string }> | null {
  const locals = new Map<string, { from: string; name: string }>();
  const exported = new Map<string, { from: string; name: string }>();
  let ownCode = false;
  const rest = code
    .replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, '')
    .replace(/\bimport\s*\{([^}]*)\}\s*from\s*["']([^"']+)["'];?/g, (_, list: string, from: string) => {
      for (const [name, local] of bindings(list)) locals.set(local, { from, name });
      return '';
    })
    .replace(/\bexport\s*\{([^}]*)\}\s*from\s*["']([^"']+)["'];?/g, (_, list: string, from: string) => {
      for (const [name, as] of bindings(list)) exported.set(as, { from, name });
      return '';
    })
    .replace(/\bexport\s*\{([^}]*)\};?/g, (_, list: string) => {
      for (const [local, as] of bindings(list)) {
        const source = locals.get(local);
        if (source) exported.set(as, source);
        else ownCode = true;
      }
      return '';
    });
  return rest.trim() === '' && !ownCode ? exported : null;
}

/** What a module's code takes from each module it names: the names, or all of it (`* as`, `export *`). */
function importsOf(code: string): { from: string; names: string[] | 'all' }[] {
  const found: { from: string; names: string[] | 'all' }[] = [];
  for (const [, clause, from] of code.matchAll(
    /\b(?:import|export)\s*([^;'"]*?)\s*from\s*["']([^"']+)["']/g,
  )) {
    const list = /\{([^}]*)\}/.exec(clause!)?.[1];
    const names = bindings(list ?? '').map(([name]) => name);
    const defaultImport = /^[\w$]+(?=\s*(?:,|$))/.exec(clause!.trim())?.[0];
    if (defaultImport && !/^(?:import|export)$/.test(defaultImport)) names.push('default');
    found.push({ from: from!, names: clause!.includes('*') ? 'all' : names });
  }
  return found;
}

/**
 * Which of the two pages reach each module by static imports alone (what a first visit runs), found once
 * the module graph is built, for the chunk groups below: code both first screens run, code only the back
 * office's runs, code only the join site's runs. Through a barrel module (`import { Radio } from
 * '@mantine/core'`) only the names imported are followed, so a component one site's first screen uses is
 * not counted as the other's.
 */
function firstScreens() {
  const reachedBy = new Map<string, Set<string>>();
  const plugin: Plugin = {
    name: 'gym:first-screens',
    apply: 'build',
    async buildEnd() {
      reachedBy.clear();
      const barrels = new Map<string, ReturnType<typeof barrelExports>>();
      const barrel = (id: string) => {
        if (!barrels.has(id)) {
          const code = this.getModuleInfo(id)?.code;
          barrels.set(id, code ? barrelExports(code) : null);
        }
        return barrels.get(id) ?? null;
      };
      const resolved = new Map<string, string | null>();
      const resolve = async (from: string, importer: string) => {
        const key = `${importer}\0${from}`;
        if (!resolved.has(key)) resolved.set(key, (await this.resolve(from, importer))?.id ?? null);
        return resolved.get(key) ?? null;
      };
      /** The names `importer` takes from the barrel `id`, or 'all' when that cannot be told. */
      const namesFrom = async (importer: string, id: string): Promise<Set<string> | 'all'> => {
        const code = this.getModuleInfo(importer)?.code;
        if (!code) return 'all';
        const names = new Set<string>();
        for (const { from, names: taken } of importsOf(code)) {
          if ((await resolve(from, importer)) !== id) continue;
          if (taken === 'all') return 'all';
          for (const name of taken) names.add(name);
        }
        return names;
      };

      for (const entry of this.getModuleIds()) {
        if (!this.getModuleInfo(entry)?.isEntry) continue;
        const visited = new Set<string>();
        const mark = (id: string) => {
          const pages = reachedBy.get(id) ?? new Set<string>();
          pages.add(entry);
          reachedBy.set(id, pages);
        };
        const visit = async (id: string): Promise<void> => {
          if (visited.has(id)) return;
          visited.add(id);
          mark(id);
          for (const dependency of this.getModuleInfo(id)?.importedIds ?? []) {
            const names = barrel(dependency) ? await namesFrom(id, dependency) : 'all';
            await (names === 'all' ? visit(dependency) : visitNames(dependency, names));
          }
        };
        const visitNames = async (id: string, names: Set<string>): Promise<void> => {
          mark(id);
          const exports = barrel(id)!;
          for (const name of names) {
            if (visited.has(`${id}\0${name}`)) continue;
            visited.add(`${id}\0${name}`);
            const source = exports.get(name);
            const target = source ? await resolve(source.from, id) : null;
            if (!source || !target) await visit(id);
            else if (barrel(target)) await visitNames(target, new Set([source.name]));
            else await visit(target);
          }
        };
        await visit(entry);
      }
    },
  };
  const pagesOf = (id: string) => reachedBy.get(id)?.size ?? 0;
  const page = (html: string) => (id: string) =>
    pagesOf(id) === 1 && [...reachedBy.get(id)!].some((entry) => entry.endsWith(html));
  return {
    plugin,
    both: (id: string) => pagesOf(id) > 1,
    staffOnly: page('/index.html'),
    memberOnly: page('/join.html'),
  };
}

const first = firstScreens();

export default defineConfig({
  root,
  plugins: [react(), joinHostInDevelopment(), precompress(), first.plugin, treeShakeReactRouter()],
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
      output: {
        // Everything a first visit runs is three scripts per host (with the bundler's tiny runtime): what
        // both sites' first screens run (React, the router, Mantine's core, TanStack Query, the shells) is
        // one 'first' script the two hosts share, so a visitor of either has it cached for the other; what
        // only the sign-in screen or only the join screen runs goes in that site's entry script
        // (staff-*.js, member-*.js), so neither downloads the other's. Each page starts only its own
        // host's app (start-app.tsx reads the page's gym-host meta). Every other screen stays in its own
        // lazily loaded chunk, per host.
        codeSplitting: {
          groups: [
            { name: 'first', tags: ['$initial'], test: first.both, priority: 2 },
            { name: 'staff', tags: ['$initial'], test: first.staffOnly, priority: 1 },
            { name: 'member', tags: ['$initial'], test: first.memberOnly, priority: 1 },
          ],
        },
      },
    },
  },
});
