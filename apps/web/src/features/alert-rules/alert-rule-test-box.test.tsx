import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { AlertRuleEditorPage } from './alert-rule-editor-page';
import { setupEditor } from './editor-test-fixtures';

const line = (id: string, message: string, matched: boolean) => ({
  _id: id,
  created_at: '2026-03-05T15:04:05Z',
  flow_id: 'f1',
  execution_id: 'e1',
  type: 'info',
  label: 'pedido',
  message,
  flow_name: 'Pedidos',
  matched,
});

function renderEdit() {
  return renderWithProviders(<AlertRuleEditorPage />, {
    path: '/alert-rules/edit/r1',
    pattern: '/alert-rules/edit/:id',
  });
}

describe('the Testar box of a log match rule', () => {
  it('sends the current match fields and highlights the logs that would be captured', async () => {
    const long = `Timeout ao chamar o ERP ${'x'.repeat(300)}`;
    const api = setupEditor([
      {
        method: 'POST',
        path: '/api/v1/alert-rules/test',
        reply: {
          body: {
            items: [line('l1', long, true), line('l2', 'Pedido 42 gravado', false)],
            matched: 1,
          },
        },
      },
    ]);
    const { user } = renderEdit();
    await user.click(await screen.findByRole('button', { name: 'Testar' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      '1 dos últimos 2 logs seria capturado.',
    );
    expect(api.callsTo('POST', '/api/v1/alert-rules/test')[0]!.body).toEqual({
      match_log_type: 'message_json',
      match_log_json_field: 'pedido.status',
      match_log_content: '/time ?out/i',
      flow_id: 'f1',
    });
    const rows = within(screen.getByRole('table', { name: 'Logs testados' })).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveAttribute('data-matched');
    expect(rows[1]).toHaveTextContent('Capturado');
    expect(rows[1]).toHaveTextContent('05/03/2026 12:04:05');
    expect(rows[1]).toHaveTextContent('Pedidos');
    expect(rows[1]).not.toHaveTextContent(long);
    expect(rows[1]).toHaveTextContent(`${long.slice(0, 120)}...`);
    expect(rows[2]).not.toHaveAttribute('data-matched');
    expect(rows[2]).not.toHaveTextContent('Capturado');

    // Once the pattern changes, the answer no longer describes it.
    await user.type(screen.getByRole('textbox', { name: /^Conteúdo/ }), 'x');
    expect(screen.queryByRole('table', { name: 'Logs testados' })).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("shows the server's message for an invalid pattern", async () => {
    setupEditor([
      {
        method: 'POST',
        path: '/api/v1/alert-rules/test',
        reply: {
          status: 400,
          body: {
            statusCode: 400,
            code: 'invalid_pattern',
            message: 'Expressão regular inválida: missing ): (a',
          },
        },
      },
    ]);
    const { user } = renderEdit();
    await user.click(await screen.findByRole('button', { name: 'Testar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Expressão regular inválida: missing ): (a',
    );
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Logs testados' })).toBeNull());
  });
});
