import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from '../../config';

const folder = mkdtempSync(join(tmpdir(), 'ponte-log-stream-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function refusal(env: Record<string, string>): string {
  try {
    parseEnv(env, folder);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('esperava uma recusa');
}

describe('log streaming variables', () => {
  it('read the three destinations, their streams and the buffer', () => {
    writeFileSync(join(folder, 'ca.pem'), 'PEM DA AUTORIDADE');
    const { logStream } = parseEnv(
      {
        PONTE_LOG_STREAM_OTLP_ENDPOINT: 'http://coletor:4318',
        PONTE_LOG_STREAM_SYSLOG_URL: 'tls://syslog.interno:6514',
        PONTE_LOG_STREAM_SYSLOG_STREAMS: 'security, execution_ends',
        PONTE_LOG_STREAM_SYSLOG_CA_FILE: 'ca.pem',
        PONTE_LOG_STREAM_WEBHOOK_URL: 'https://logs.exemplo.com.br/ponte',
        PONTE_LOG_STREAM_WEBHOOK_SECRET: 'um-segredo-de-16-ou-mais',
        PONTE_LOG_STREAM_BUFFER: '500',
      },
      folder,
    );
    expect(logStream).toEqual({
      destinations: [
        {
          kind: 'otlp',
          streams: ['execution_logs', 'execution_ends', 'security'],
          url: 'http://coletor:4318/v1/logs',
        },
        {
          kind: 'syslog',
          streams: ['security', 'execution_ends'],
          url: 'tls://syslog.interno:6514',
          ca: 'PEM DA AUTORIDADE',
        },
        {
          kind: 'webhook',
          streams: ['execution_logs', 'execution_ends', 'security'],
          url: 'https://logs.exemplo.com.br/ponte',
          secret: 'um-segredo-de-16-ou-mais',
        },
      ],
      bufferSize: 500,
      batchSize: 100,
      intervalMs: 1_000,
    });
  });

  it('refuse in pt-BR, never echoing the secret', () => {
    expect(refusal({ PONTE_LOG_STREAM_SYSLOG_URL: 'udp://syslog:514' })).toBe(
      'A variável de ambiente PONTE_LOG_STREAM_SYSLOG_URL é inválida: deve ser tcp://host:porta ou tls://host:porta (valor recebido: "udp://syslog:514").',
    );
    expect(refusal({ PONTE_LOG_STREAM_WEBHOOK_STREAMS: 'execution_logs,tudo' })).toContain(
      'deve listar, separados por vírgula, execution_logs, execution_ends, security',
    );
    expect(refusal({ PONTE_LOG_STREAM_WEBHOOK_SECRET: 'curto' })).toBe(
      'A variável de ambiente PONTE_LOG_STREAM_WEBHOOK_SECRET é inválida: deve ter pelo menos 16 caracteres.',
    );
    expect(
      refusal({
        PONTE_LOG_STREAM_SYSLOG_URL: 'tls://syslog:6514',
        PONTE_LOG_STREAM_SYSLOG_CA_FILE: 'nao-existe.pem',
      }),
    ).toBe(
      'A variável de ambiente PONTE_LOG_STREAM_SYSLOG_CA_FILE é inválida: não foi possível ler o arquivo indicado.',
    );
  });
});
