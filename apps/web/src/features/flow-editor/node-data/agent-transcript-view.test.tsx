import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { AgentRunData } from '@ponte/shared/flow/agent-transcript';
import { renderWithProviders } from '../../../test/render';
import { DebugLogMessage } from '../debugger/debug-log-message';
import { debugLogItem } from '../debugger/fake-debugger-socket';
import { NodeDataView } from './node-data-view';

/** An agent run: it asked for two tools at once, one failed, then the fallback model answered. */
const agentRun: AgentRunData = {
  model: 'gpt-4o-mini',
  provider: 'openai',
  steps: 2,
  tokens: { entrada: 1520, saida: 230 },
  masked: { CPF: 2, EMAIL: 1 },
  transcript: [
    {
      type: 'model',
      step: 1,
      model: 'gpt-4o-mini',
      text: '',
      tool_calls: [
        { id: 'c1', name: 'consultar_pedido' },
        { id: 'c2', name: 'enviar_email' },
      ],
      tokens: { entrada: 700, saida: 40 },
      duration_ms: 820,
    },
    {
      type: 'tool',
      id: 'c1',
      name: 'consultar_pedido',
      kind: 'node',
      node_uid: 'pedido',
      input: { numero: '4521' },
      output: { status: 'enviado' },
      duration_ms: 140,
    },
    {
      type: 'tool',
      id: 'c2',
      name: 'enviar_email',
      kind: 'mcp',
      input: { para: 'ana@exemplo.com.br' },
      error: 'O servidor MCP recusou a chamada: caixa cheia.',
      duration_ms: 60,
    },
    {
      type: 'model',
      step: 2,
      model: 'claude-haiku',
      fallback: true,
      text: 'O pedido 4521 foi enviado; o e-mail não pôde ser mandado.',
      tool_calls: [],
      tokens: { entrada: 820, saida: 190 },
      duration_ms: 1300,
    },
  ],
};
const msg = { payload: 'O pedido 4521 foi enviado.', agent: agentRun };

/** A node's 'Saída' with one message. */
const showOutput = (message: Record<string, unknown>) =>
  renderWithProviders(
    <NodeDataView
      side="output"
      manifest={undefined}
      data={{
        summary: undefined,
        loading: false,
        runs: [{ input: {}, outputs: [{ output: 'default', msg: message }], duration_ms: 5 }],
      }}
    />,
  );

/** The conversation's entries, in order: model steps and tool calls. */
function expectConversation() {
  const entries = within(screen.getByRole('list')).getAllByRole('listitem');
  expect(entries.map((entry) => entry.firstElementChild!.getAttribute('aria-label'))).toEqual([
    'Passo 1: gpt-4o-mini',
    'Ferramenta consultar_pedido',
    'Ferramenta enviar_email',
    'Passo 2: claude-haiku',
  ]);
  const [, lookup, email, answer] = entries as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
  expect(within(lookup).getByText('numero')).toBeInTheDocument();
  expect(within(lookup).getByText('"4521"')).toBeInTheDocument();
  expect(within(lookup).getByText('"enviado"')).toBeInTheDocument();
  expect(within(email).getByText('"ana@exemplo.com.br"')).toBeInTheDocument();
  expect(
    within(email).getByText('Erro: O servidor MCP recusou a chamada: caixa cheia.'),
  ).toHaveStyle({ color: 'var(--mantine-color-red-text)' });
  expect(within(answer).getByText('reserva')).toBeInTheDocument();
  expect(within(answer).getByText(/o e-mail não pôde ser mandado/)).toBeInTheDocument();
  expect(screen.getByText('1.520 de entrada, 230 de saída')).toBeInTheDocument();
  expect(screen.getByText('CPF: 2, E-mail: 1')).toBeInTheDocument();
}

describe("'Conversa do agente'", () => {
  it("opens an agent's output on its conversation, the JSON a click away", async () => {
    const { user } = showOutput(msg);
    expect(screen.getByRole('radio', { name: 'Conversa do agente' })).toBeChecked();
    expectConversation();

    await user.click(screen.getByRole('radio', { name: 'JSON' }));
    expect(screen.queryByText('Erro: O servidor MCP recusou a chamada: caixa cheia.')).toBeNull();
    expect(screen.getByRole('tree', { name: 'Árvore JSON' })).toHaveTextContent('agent');
  });

  it('shows the same conversation in the debugger', () => {
    const item = debugLogItem(1, { type: 'debug', message: JSON.stringify(msg) });
    renderWithProviders(
      <DebugLogMessage log={{ key: 'l1', item, tooLarge: false, showAsJson: false }} />,
    );
    expectConversation();
  });

  it('offers no conversation for other messages', () => {
    showOutput({ payload: 1 });
    expect(screen.getByRole('radio', { name: 'Tabela' })).toBeChecked();
    expect(screen.queryByRole('radio', { name: 'Conversa do agente' })).toBeNull();
  });

  it('says who approved or rejected a tool that requires approval', () => {
    const decided: AgentRunData = {
      ...agentRun,
      transcript: [
        {
          ...agentRun.transcript[1]!,
          approval: { decision: 'approved', by: 'Ana Souza' },
        } as never,
        {
          ...agentRun.transcript[2]!,
          approval: { decision: 'rejected', by: 'Link de aprovação', reason: 'Cliente errado' },
        } as never,
      ],
    };
    showOutput({ payload: 'ok', agent: decided });
    expect(screen.getByText('Aprovada por Ana Souza')).toBeInTheDocument();
    expect(screen.getByText('Rejeitada por Link de aprovação')).toBeInTheDocument();
  });
});
