import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { AlertRuleFirings } from './alert-rule-firings';
import { firing, setupEditor } from './editor-test-fixtures';

describe("a rule's last firings", () => {
  it('lists when, kind, count, state and result of each firing', async () => {
    setupEditor([
      {
        method: 'GET',
        path: '/api/v1/alert-rules/r1/firings',
        reply: {
          body: {
            items: [
              firing({ _id: 'a', count: 1234 }),
              firing({
                _id: 'b',
                kind: 'incident',
                state: 'failed',
                count: 0,
                attempts: 5,
                result_status: null,
                result_message: 'Conexão recusada',
                summary: 'O flow Importação noturna está sem sucesso há 26 horas.',
              }),
              firing({
                _id: 'c',
                state: 'open',
                attempts: 0,
                result_status: null,
                result_message: null,
              }),
            ],
          },
        },
      },
    ]);
    renderWithProviders(<AlertRuleFirings id="r1" />);
    const table = await screen.findByRole('table', { name: 'Últimos disparos' });
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('QuandoTipoQuantidadeSituaçãoResultado');
    expect(rows[1]).toHaveTextContent('05/03/2026 12:04:05');
    expect(rows[1]).toHaveTextContent('Ocorrências');
    expect(rows[1]).toHaveTextContent('1.234');
    expect(rows[1]).toHaveTextContent('Enviado');
    expect(rows[1]).toHaveTextContent('HTTP 200 · Enviado · 1 tentativa');
    expect(rows[2]).toHaveTextContent('Alerta');
    expect(rows[2]).toHaveTextContent('sem sucesso há 26 horas');
    expect(within(rows[2]!).getAllByRole('cell')[2]).toHaveTextContent('—');
    expect(rows[2]).toHaveTextContent('Falhou');
    expect(rows[2]).toHaveTextContent('Conexão recusada · 5 tentativas');
    expect(rows[3]).toHaveTextContent('Capturando');
    expect(within(rows[3]!).getAllByRole('cell')[4]).toHaveTextContent('—');
  });

  it('says when there is none yet and asks again on refresh', async () => {
    let answers = 0;
    setupEditor([
      {
        method: 'GET',
        path: '/api/v1/alert-rules/r1/firings',
        reply: () => {
          answers += 1;
          return { body: { items: answers === 1 ? [] : [firing({})] } };
        },
      },
    ]);
    const { user } = renderWithProviders(<AlertRuleFirings id="r1" />);
    expect(await screen.findByText('Nenhum disparo ainda.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Atualizar disparos' }));
    await waitFor(() =>
      expect(screen.getByRole('table', { name: 'Últimos disparos' })).toBeVisible(),
    );
    expect(screen.queryByText('Nenhum disparo ainda.')).toBeNull();
  });

  describe('on a phone', () => {
    afterEach(() => vi.restoreAllMocks());

    it('shows one card per firing with every column, instead of a table to scroll sideways', async () => {
      const query = '(max-width: 48em)';
      const original = window.matchMedia;
      vi.spyOn(window, 'matchMedia').mockImplementation((media: string) => ({
        ...original(media),
        matches: media === query,
      }));
      setupEditor([
        {
          method: 'GET',
          path: '/api/v1/alert-rules/r1/firings',
          reply: { body: { items: [firing({ _id: 'a', count: 1234 })] } },
        },
      ]);
      renderWithProviders(<AlertRuleFirings id="r1" />);
      const list = await screen.findByRole('list', { name: 'Últimos disparos' });
      expect(screen.queryByRole('table')).toBeNull();
      const [card] = within(list).getAllByRole('listitem');
      for (const text of [
        '05/03/2026 12:04:05',
        'Ocorrências · 1.234',
        'Enviado',
        'HTTP 200 · Enviado · 1 tentativa',
      ])
        expect(card).toHaveTextContent(text);
    });
  });
});
