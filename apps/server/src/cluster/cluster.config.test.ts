import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from '../config';

describe('shutdown grace', () => {
  it('gives running executions 20 s by default, reads PONTE_SHUTDOWN_GRACE_SECONDS, refuses bad values', () => {
    expect(parseEnv({}).cluster.shutdownGraceMs).toBe(20_000);
    expect(parseEnv({ PONTE_SHUTDOWN_GRACE_SECONDS: '90' }).cluster.shutdownGraceMs).toBe(90_000);
    for (const bad of ['0', '3601', 'dez', '1.5']) {
      const read = () => parseEnv({ PONTE_SHUTDOWN_GRACE_SECONDS: bad });
      expect(read).toThrow(ConfigError);
      expect(read).toThrow(
        `A variável de ambiente PONTE_SHUTDOWN_GRACE_SECONDS é inválida: deve ser um número inteiro de 1 a 3600 (valor recebido: "${bad}").`,
      );
    }
  });
});
