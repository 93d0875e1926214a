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

  it('names the issues the server found, such as an expression JSONata cannot read', () => {
    const refusal =
      'O fluxo possui erros e não pode ser ativado. Corrija-os ou salve-o desativado.';
    const issue = (n: number) => ({
      field: `n${n}`,
      message: `O conector "Log ${n}": o parâmetro "Mensagem" tem uma expressão que não pode ser lida: S0207: Fim inesperado da expressão (posição 4)`,
    });
    expect(saveErrorMessage(new ApiError(400, refusal, 'invalid_flow', [issue(1)]))).toBe(
      `Ocorreu um erro ao salvar o fluxo: ${refusal} ${issue(1).message}`,
    );
    const five = [1, 2, 3, 4, 5].map(issue);
    expect(saveErrorMessage(new ApiError(400, refusal, 'invalid_flow', five))).toBe(
      `Ocorreu um erro ao salvar o fluxo: ${refusal} ${five
        .slice(0, 3)
        .map((i) => i.message)
        .join(' ')} (e mais 2)`,
    );
  });
});
