import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/api-error';
import { saveErrorMessage } from './save-error-message';

describe('saveErrorMessage (spec 1 §8)', () => {
  it('names deprecated connectors on a 400 deprecated_nodes', () => {
    expect(saveErrorMessage(new ApiError(400, 'x', 'deprecated_nodes'))).toBe(
      'O fluxo contém um ou mais conectores que serão removidos em breve. Por favor, remova-os antes de salvar o fluxo.',
    );
  });

  it("keeps the server's node-limit text with the customer's N on a 429", () => {
    const text =
      'Você atingiu o limite de conectores do tipo Action/Trigger (2) para o mesmo fluxo! Entre em contato com o suporte para saber mais.';
    expect(saveErrorMessage(new ApiError(429, text, 'node_limit'))).toBe(text);
  });

  it('prefixes any other failure', () => {
    expect(saveErrorMessage(new ApiError(400, 'O flow possui erros.', 'invalid_flow'))).toBe(
      'Ocorreu um erro ao salvar o fluxo: O flow possui erros.',
    );
    expect(saveErrorMessage(new Error('Sem conexão'))).toBe(
      'Ocorreu um erro ao salvar o fluxo: Sem conexão',
    );
  });
});
