// Serves the built single-page app: every non-API path answers the page of the request's host
// (staff back office or member join site), each with only its own code.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../config/env';
import { isRegisterHost } from './hosts';
import { pageCsp } from './security-headers';

export interface PageConfig {
  appUrl: string;
  registerUrl: string;
  sentryDsn: string | null;
  environment: string;
  release: string | null;
}

function pageConfig(env: Env): PageConfig {
  return {
    appUrl: env.APP_URL,
    registerUrl: env.REGISTER_URL,
    sentryDsn: env.SENTRY_DSN ?? null,
    environment: env.SENTRY_ENVIRONMENT ?? env.NODE_ENV,
    release: process.env.npm_package_version ?? null,
  };
}

/** The inline script that hands the page its configuration, and the hash the CSP allows it by. */
function configScript(config: PageConfig) {
  // JSON in a script tag: escape '<' so no value can close the tag.
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const script = `window.__APP_CONFIG__=${json}`;
  return { script, hash: `sha256-${createHash('sha256').update(script).digest('base64')}` };
}

const injectConfig = (html: string, script: string) =>
  html.replace('<!--app-config-->', `<script>${script}</script>`);

export async function registerPageHost(app: FastifyInstance, env: Env, distDir: string) {
  const pages = {
    staff: join(distDir, 'index.html'),
    member: join(distDir, 'join.html'),
  };
  const built = existsSync(pages.staff) && existsSync(pages.member);
  const config = pageConfig(env);
  const { script, hash } = configScript(config);
  const html = built
    ? {
        staff: injectConfig(readFileSync(pages.staff, 'utf8'), script),
        member: injectConfig(readFileSync(pages.member, 'utf8'), script),
      }
    : null;
  const csp = pageCsp({
    scriptHashes: [hash],
    connectOrigins: config.sentryDsn ? [new URL(config.sentryDsn).origin] : [],
  });

  if (built) {
    await app.register(fastifyStatic, {
      root: join(distDir, 'assets'),
      prefix: '/assets/',
      immutable: true,
      maxAge: '365d',
      // The build writes .br and .gz beside each asset: sent with Content-Encoding to browsers that take them.
      preCompressed: true,
      index: false,
      wildcard: true,
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/') || path === '/api' || request.method !== 'GET') {
      return reply.code(404).send({ message: 'Not found.', error: 'not_found' });
    }
    if (!html) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The page is not built yet: run `npm run build` (npm start does it for you).');
    }
    const page = isRegisterHost(request.hostname, env) ? html.member : html.staff;
    return reply
      .header('cache-control', 'no-cache')
      .header('content-security-policy', csp)
      .type('text/html; charset=utf-8')
      .send(page);
  });
}
