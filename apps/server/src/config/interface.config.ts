import { resolve } from 'node:path';
import { z } from 'zod';
import { defaultWebDist } from '../package-root';
import { httpUrl } from './http-url';
import { defineModuleConfig } from './module-config';

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

/** What the process shows: the level of its logs, the header's links and the web app it serves. */
export const interfaceConfig = defineModuleConfig({
  variables: [
    {
      name: 'LOG_LEVEL',
      default: 'info',
      description: 'Nível dos logs: fatal, error, warn, info, debug, trace ou silent.',
    },
    {
      name: 'PONTE_DOCS_URL',
      default: null,
      description: 'Link de documentação exibido no cabeçalho.',
    },
    {
      name: 'PONTE_SUPPORT_URL',
      default: null,
      description: 'Link de suporte exibido no cabeçalho.',
    },
    {
      name: 'PONTE_WEB_DIST',
      default: 'apps/web/dist',
      description: 'Pasta com a interface web construída (npm run build).',
    },
  ],
  envShape: {
    LOG_LEVEL: z
      .enum(logLevels, { error: `deve ser um destes: ${logLevels.join(', ')}` })
      .default('info'),
    PONTE_DOCS_URL: httpUrl.optional(),
    PONTE_SUPPORT_URL: httpUrl.optional(),
    PONTE_WEB_DIST: z.string().optional(),
  },
  read: (parsed, cwd) => ({
    logLevel: parsed.LOG_LEVEL,
    docsUrl: parsed.PONTE_DOCS_URL ?? null,
    supportUrl: parsed.PONTE_SUPPORT_URL ?? null,
    webDist: parsed.PONTE_WEB_DIST ? resolve(cwd, parsed.PONTE_WEB_DIST) : defaultWebDist,
  }),
});
