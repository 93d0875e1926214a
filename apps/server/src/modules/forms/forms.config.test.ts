import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../config';

describe('PONTE_FORM_* variables', () => {
  it('read the form result time limit and the upload retention', () => {
    const config = parseEnv({
      PONTE_FORM_RESULT_TIMEOUT_SECONDS: '5',
      PONTE_FORM_UPLOAD_RETENTION_DAYS: '2',
    });
    expect(config.forms).toEqual({ resultTimeoutMs: 5_000, uploadRetentionDays: 2 });
  });

  it('refuse values that are not whole numbers in range, in pt-BR', () => {
    expect(() => parseEnv({ PONTE_FORM_RESULT_TIMEOUT_SECONDS: '0' })).toThrow(
      'A variável de ambiente PONTE_FORM_RESULT_TIMEOUT_SECONDS é inválida: deve ser um número inteiro de segundos, de 1 a 3600 (valor recebido: "0").',
    );
    expect(() => parseEnv({ PONTE_FORM_UPLOAD_RETENTION_DAYS: 'dez' })).toThrow(
      'PONTE_FORM_UPLOAD_RETENTION_DAYS é inválida: deve ser um número inteiro de dias',
    );
  });
});
