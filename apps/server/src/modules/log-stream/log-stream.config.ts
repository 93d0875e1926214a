import { readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { z } from 'zod';
import { ConfigError } from '../../config/config-error';
import { defineModuleConfig, type ConfigEnv } from '../../config/module-config';
import { wholeNumber } from '../../config/whole-number';
import { streamNames, type StreamName } from './stream-event';

const allStreams = streamNames.join(',');
const streamsHelp = `Quais eventos este destino recebe, separados por vírgula: ${streamNames.join(', ')}.`;

const variables = [
  {
    name: 'PONTE_LOG_STREAM_OTLP_ENDPOINT',
    default: null,
    description:
      'Envia os eventos como logs OTLP/HTTP a este coletor (http://coletor:4318, ou a URL completa terminada em /v1/logs). Cabeçalhos e protocolo pelas variáveis OTEL_EXPORTER_OTLP_*.',
  },
  { name: 'PONTE_LOG_STREAM_OTLP_STREAMS', default: allStreams, description: streamsHelp },
  {
    name: 'PONTE_LOG_STREAM_SYSLOG_URL',
    default: null,
    description:
      'Envia os eventos em syslog RFC 5424 (enquadramento por contagem de octetos) a tcp://host:porta ou tls://host:porta.',
  },
  { name: 'PONTE_LOG_STREAM_SYSLOG_STREAMS', default: allStreams, description: streamsHelp },
  {
    name: 'PONTE_LOG_STREAM_SYSLOG_CA_FILE',
    default: null,
    description:
      'Arquivo PEM das autoridades em que o destino tls:// confia, além das do sistema (servidor com certificado próprio).',
  },
  {
    name: 'PONTE_LOG_STREAM_WEBHOOK_URL',
    default: null,
    description: 'Envia os eventos em lotes JSON (POST) a esta URL http:// ou https://.',
  },
  { name: 'PONTE_LOG_STREAM_WEBHOOK_STREAMS', default: allStreams, description: streamsHelp },
  {
    name: 'PONTE_LOG_STREAM_WEBHOOK_SECRET',
    default: null,
    description:
      'Assina cada lote do webhook: cabeçalho X-Ponte-Signature com sha256= e o HMAC-SHA256 do corpo com este segredo.',
  },
  {
    name: 'PONTE_LOG_STREAM_BUFFER',
    default: '10000',
    description:
      'Eventos guardados em memória por destino enquanto ele não recebe; além disso os mais antigos são descartados e contados.',
  },
  {
    name: 'PONTE_LOG_STREAM_BATCH',
    default: '100',
    description: 'Eventos por lote enviado a cada destino.',
  },
  {
    name: 'PONTE_LOG_STREAM_INTERVAL_MS',
    default: '1000',
    description: 'Milissegundos no máximo entre um evento e o envio do seu lote.',
  },
];

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'deve ser uma URL http:// ou https://' })
  .optional();
const streams = z
  .string()
  .transform((text) => [...new Set(text.split(',').map((name) => name.trim()))])
  .refine((names) => names.every((name) => (streamNames as readonly string[]).includes(name)), {
    error: `deve listar, separados por vírgula, ${streamNames.join(', ')}`,
  })
  .transform((names) => names as StreamName[])
  .default([...streamNames]);

const envShape = {
  PONTE_LOG_STREAM_OTLP_ENDPOINT: httpUrl,
  PONTE_LOG_STREAM_OTLP_STREAMS: streams,
  PONTE_LOG_STREAM_SYSLOG_URL: z
    .string()
    .regex(/^(tcp|tls):\/\/[^/:\s]+:\d{1,5}\/?$/, {
      error: 'deve ser tcp://host:porta ou tls://host:porta',
    })
    .optional(),
  PONTE_LOG_STREAM_SYSLOG_STREAMS: streams,
  PONTE_LOG_STREAM_SYSLOG_CA_FILE: z.string().optional(),
  PONTE_LOG_STREAM_WEBHOOK_URL: httpUrl,
  PONTE_LOG_STREAM_WEBHOOK_STREAMS: streams,
  PONTE_LOG_STREAM_WEBHOOK_SECRET: z
    .string()
    .min(16, { error: 'deve ter pelo menos 16 caracteres' })
    .optional(),
  PONTE_LOG_STREAM_BUFFER: wholeNumber(1, 1_000_000).default(10_000),
  PONTE_LOG_STREAM_BATCH: wholeNumber(1, 10_000).default(100),
  PONTE_LOG_STREAM_INTERVAL_MS: wholeNumber(10, 600_000).default(1_000),
};

/** Where one destination is and which streams it takes. */
export type DestinationSettings =
  | { kind: 'otlp'; streams: StreamName[]; url: string }
  | { kind: 'syslog'; streams: StreamName[]; url: string; ca: string | null }
  | { kind: 'webhook'; streams: StreamName[]; url: string; secret: string | null };

export interface LogStreamSettings {
  destinations: DestinationSettings[];
  /** Events kept per destination while it does not take them; the oldest go past it. */
  bufferSize: number;
  batchSize: number;
  intervalMs: number;
}

/** The OTLP logs URL: a bare collector address gets the standard `/v1/logs` path. */
function otlpLogsUrl(endpoint: string): string {
  const url = new URL(endpoint);
  if (url.pathname === '/' || url.pathname === '') url.pathname = '/v1/logs';
  return url.toString();
}

function readCa(file: string, cwd: string): string {
  try {
    return readFileSync(isAbsolute(file) ? file : join(cwd, file), 'utf8');
  } catch {
    throw new ConfigError(
      'A variável de ambiente PONTE_LOG_STREAM_SYSLOG_CA_FILE é inválida: não foi possível ler o arquivo indicado.',
    );
  }
}

function destinationsOf(env: ConfigEnv<typeof envShape>, cwd: string): DestinationSettings[] {
  const list: DestinationSettings[] = [];
  if (env.PONTE_LOG_STREAM_OTLP_ENDPOINT)
    list.push({
      kind: 'otlp',
      streams: env.PONTE_LOG_STREAM_OTLP_STREAMS,
      url: otlpLogsUrl(env.PONTE_LOG_STREAM_OTLP_ENDPOINT),
    });
  if (env.PONTE_LOG_STREAM_SYSLOG_URL) {
    const file = env.PONTE_LOG_STREAM_SYSLOG_CA_FILE;
    list.push({
      kind: 'syslog',
      streams: env.PONTE_LOG_STREAM_SYSLOG_STREAMS,
      url: env.PONTE_LOG_STREAM_SYSLOG_URL.replace(/\/$/, ''),
      ca: file ? readCa(file, cwd) : null,
    });
  }
  if (env.PONTE_LOG_STREAM_WEBHOOK_URL)
    list.push({
      kind: 'webhook',
      streams: env.PONTE_LOG_STREAM_WEBHOOK_STREAMS,
      url: env.PONTE_LOG_STREAM_WEBHOOK_URL,
      secret: env.PONTE_LOG_STREAM_WEBHOOK_SECRET ?? null,
    });
  return list;
}

/** The log streaming destinations of this instance (docs/adr/0132); none by default. */
export const logStreamConfig = defineModuleConfig({
  variables,
  envShape,
  read: (parsed, cwd) => ({
    logStream: {
      destinations: destinationsOf(parsed, cwd),
      bufferSize: parsed.PONTE_LOG_STREAM_BUFFER,
      batchSize: parsed.PONTE_LOG_STREAM_BATCH,
      intervalMs: parsed.PONTE_LOG_STREAM_INTERVAL_MS,
    } satisfies LogStreamSettings,
  }),
});
