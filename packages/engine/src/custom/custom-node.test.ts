import { afterAll, describe, expect, it } from 'vitest';
import { createIsolatedSandbox } from '../sandbox/isolated-sandbox';
import { createHarness } from '../testing/engine-harness';
import { customNodeDefinition, customNodeManifest } from './custom-node';
import { connectorFlow, storedConnector } from './testing';

const sandbox = createIsolatedSandbox({ limits: { timeoutMs: 5000, memoryMb: 64 } });
afterAll(() => sandbox.dispose());

const operation = {
  name: 'operacao',
  label: 'Operação',
  type: 'select' as const,
  default_value: 'listar',
  options: [
    { label: 'Listar', value: 'listar' },
    { label: 'Criar', value: 'criar' },
  ],
};

describe('the panel of a connector with operations (docs/adr/0137)', () => {
  it('maps description, show_when, number, boolean and accepted account types to the panel', () => {
    const manifest = customNodeManifest(
      storedConnector({
        params: [
          operation,
          {
            name: 'limite',
            label: 'Limite',
            type: 'number',
            default_value: '20',
            description: 'Quantos itens por página.',
            show_when: { operacao: ['listar'] },
          },
          { name: 'ativo', label: 'Ativo', type: 'boolean', default_value: 'true' },
          { name: 'conta', label: 'Conta', type: 'service_account', accepts: ['bearer_token'] },
          { name: 'outra', label: 'Outra conta', type: 'service_account' },
        ],
      }),
    );
    expect(manifest.params.limite).toEqual({
      label: 'Limite',
      type: 'number',
      default: 20,
      description: 'Quantos itens por página.',
      showWhen: { operacao: ['listar'] },
    });
    expect(manifest.params.ativo).toEqual({ label: 'Ativo', type: 'boolean', default: true });
    expect(manifest.params.conta).toMatchObject({ accepts: ['bearer_token'] });
    expect(manifest.params.outra).toMatchObject({
      accepts: expect.arrayContaining(['bearer_token', 'http_basic', 'oauth2']),
    });
  });

  it('does not ask for a required param the picked operation hides, and types numbers', async () => {
    const connector = storedConnector({
      params: [
        operation,
        {
          name: 'nome',
          label: 'Nome',
          type: 'text',
          is_required: true,
          show_when: { operacao: ['criar'] },
        },
        { name: 'limite', label: 'Limite', type: 'number', show_when: { operacao: ['listar'] } },
      ],
      code: `async function handler(msg, params) {
        return { ...msg, payload: { limite: params.limite, tipo: typeof params.limite } };
      }`,
    });
    const harness = createHarness({ sandbox });
    const { status, error, lastMessage } = await harness.run(
      connectorFlow(connector, { operacao: 'listar', limite: '{{ 5 * 2 }}' }),
      {},
      { nodes: [customNodeDefinition(connector)] },
    );
    expect(status, error?.message).toBe('success');
    expect(lastMessage).toMatchObject({ payload: { limite: 10, tipo: 'number' } });
  });
});
