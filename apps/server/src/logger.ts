import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';
import type { LogLevel } from './config';

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
