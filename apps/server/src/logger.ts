import { createRequire } from 'node:module';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { LogLevel } from './config/interface.config';

const hidden = '[REDACTED]';
/**
 * Query parameters whose value is a credential: `/auth?token=…`, `access_token`, `senha`…, and
 * the OAuth2 return's `code`, `state` and packed `data` (docs/adr/0026).
 */
const secretParam =
  /token|jwt|secret|password|senha|signature|auth|api[-_]?key|^(code|state|data)$/i;
/** A JWT anywhere in a URL (its header always starts with `eyJ`, base64 of `{"`). */
const jwtLike = /eyJ[\w-]*\.[\w-]+\.[\w-]*/g;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** The URL as it may be logged: credential parameters and anything shaped like a JWT hidden. */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  const path = (mark < 0 ? url : url.slice(0, mark)).replace(jwtLike, hidden);
  if (mark < 0) return path;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return pair.replace(jwtLike, hidden);
      const name = pair.slice(0, equals);
      return secretParam.test(decoded(name))
        ? `${name}=${hidden}`
        : `${name}=${pair.slice(equals + 1).replace(jwtLike, hidden)}`;
    })
    .join('&');
  return `${path}?${query}`;
}

/**
 * What a log line says of a request: Fastify's fields with the URL redacted. Headers are never
 * logged (the Authorization header stays out of every line); `redact` below hides it anyway if
 * some line ever carries headers.
 */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'request.headers.authorization',
];

/** Any logger option given to the app, with the request serializer and redaction added. */
export function withRedaction(
  logger: FastifyServerOptions['logger'],
): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const base = logger === true ? {} : logger;
  return {
    ...base,
    serializers: { ...base.serializers, req: serializeRequest },
    redact: { paths: redactPaths, censor: hidden },
  } as FastifyServerOptions['logger'];
}

function prettyAvailable(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/** JSON lines (pino); readable lines only when a person watches a terminal. */
export function loggerOptions(level: LogLevel): FastifyServerOptions['logger'] {
  if (process.stdout.isTTY && prettyAvailable()) {
    return {
      level,
      transport: {
        target: 'pino-pretty',
        options: { translateTime: 'SYS:dd/mm/yyyy HH:MM:ss', ignore: 'pid,hostname' },
      },
    };
  }
  return { level };
}
