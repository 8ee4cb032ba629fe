// Structured logs (pino). Credentials never reach a log line: they are redacted wherever they appear.
import { type LoggerOptions, stdSerializers } from 'pino';

const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-akahu-signature"]',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.password_confirmation',
  '*.current_password',
  '*.token',
  '*.code',
  '*.sessionId',
  '*.secret',
  '*.akahu_app_secret',
  '*.branch_secret',
];

/** Query parameters that carry a credential (reset and invitation links, codes). */
const SECRET_QUERY = /([?&](?:token|code|secret|signature|key)=)[^&#]*/gi;

/** An address with its credentials replaced: '/reset-password?token=[redacted]&email=…'. */
const redactUrl = (url: string) => url.replace(SECRET_QUERY, '$1[redacted]');

/** A failed query's message and stack without the values it was run with (they may be personal data). */
const SQL_PARAMS = /\nparams: [^\n]*/g;

interface LoggedRequest {
  method: string;
  url: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

export const serializers = {
  req: (request: LoggedRequest) => ({
    method: request.method,
    url: redactUrl(request.url),
    hostname: request.hostname,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
  err: (error: unknown) => {
    const serialized = stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
    for (const key of ['message', 'stack'] as const) {
      if (typeof serialized[key] === 'string')
        serialized[key] = (serialized[key] as string).replace(SQL_PARAMS, '\nparams: [redacted]');
    }
    delete serialized.params;
    if (typeof serialized.cause === 'object' && serialized.cause !== null) {
      delete (serialized.cause as Record<string, unknown>).params;
    }
    return serialized;
  },
};

export function loggerOptions(level: string, pretty: boolean): LoggerOptions {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers,
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}
