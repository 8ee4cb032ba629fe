// Security headers on every answer (page, assets, API): no sniffing, no framing, no referrer (reset and
// invitation tokens are in page addresses), HSTS over https, the camera only on the join host (the
// member's photo), and a Content-Security-Policy. API answers and assets get the strictest policy; the
// page host sets its own (http/page-host.ts), which the built page satisfies.
import type { FastifyInstance } from 'fastify';
import type { Env } from '../config/env';
import { isRegisterHost } from './hosts';

/** Nothing may load or run: right for JSON, images and scripts served as files. */
const STRICT_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const NO_POWERFUL_FEATURES = 'microphone=(), geolocation=(), payment=(), usb=()';

export function pageCsp(options: { scriptHashes: readonly string[]; connectOrigins: readonly string[] }) {
  return [
    "default-src 'self'",
    `script-src 'self' ${options.scriptHashes.map((hash) => `'${hash}'`).join(' ')}`.trim(),
    // Mantine sets styles through style attributes and <style> tags it writes at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "media-src 'self' blob:",
    `connect-src 'self' ${options.connectOrigins.join(' ')}`.trim(),
    "object-src 'none'",
    "frame-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function registerSecurityHeaders(app: FastifyInstance, env: Env) {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('cross-origin-opener-policy', 'same-origin');
    const camera = isRegisterHost(request.hostname, env) ? 'camera=(self)' : 'camera=()';
    reply.header('permissions-policy', `${camera}, ${NO_POWERFUL_FEATURES}`);
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', STRICT_CSP);
    return payload;
  });
}
