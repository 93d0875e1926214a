import { memoryLimits } from '../ports';
import type { SandboxLimits } from '../sandbox/sandbox';

export interface EngineLimits {
  /** Node runs per execution (default 10 000). */
  maxSteps: number;
  /** Wall-clock per execution (default 10 min). */
  maxDurationMs: number;
  /** Largest JSON of one message (default 16 MB). */
  maxMessageBytes: number;
  /** Messages of one execution waiting for a node or being run, together (default 128 MB). */
  maxWaitingBytes: number;
  sandbox: Partial<SandboxLimits>;
}

export const defaultLimits: EngineLimits = {
  maxSteps: 10_000,
  maxDurationMs: 10 * 60_000,
  maxMessageBytes: memoryLimits.messageBytes,
  maxWaitingBytes: memoryLimits.executionWaitingBytes,
  sandbox: {},
};

export const limitMessages = {
  steps: (max: number) => `A execução excedeu o limite de ${max} passos.`,
  duration: (ms: number) =>
    `A execução excedeu o tempo limite de ${
      ms >= 60_000
        ? `${(ms / 60_000).toLocaleString('pt-BR')} min`
        : `${(ms / 1000).toLocaleString('pt-BR')} s`
    }.`,
  messageSize: (bytes: number) =>
    `A mensagem excede o tamanho máximo de ${
      bytes >= 1024 * 1024
        ? `${Math.round(bytes / 1024 / 1024)} MB`
        : `${Math.round(bytes / 1024)} KB`
    }.`,
  waiting: (bytes: number) =>
    `A execução passou do limite de ${Math.round(bytes / 1024 / 1024)} MB de mensagens ` +
    'esperando por conectores.',
  stopped: 'Execução interrompida.',
  /** A node waits for its next attempt ('Em caso de erro', docs/adr/0110). */
  retryWait: 'Aguardando uma nova tentativa.',
};
