import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { apiError, mockFetch } from '../test/mock-fetch';
import type { MockRoute } from '../test/mock-fetch';
import { renderWithProviders } from '../test/render';
import { ManualExecutionModal } from './manual-execution-modal';

const formPath = '/engine/flow/manual-trigger/f1';

const form = {
  success: true,
  form_description: 'Informe os dados do pedido.\nO arquivo deve ser um CSV.',
  form_fields: [
    { name: 'pedido', label: 'Número do pedido', type: 'text', required: true },
    { name: 'obs', label: 'Observações', type: 'textarea', required: false },
    { name: 'planilha', label: 'Planilha', type: 'upload', required: true },
  ],
};

function setup(runReply: MockRoute['reply'] = { body: { success: true, execution_id: 'e1' } }) {
  return mockFetch([
    { method: 'GET', path: formPath, reply: { body: form } },
    { method: 'POST', path: formPath, reply: runReply },
  ]);
}

/** The modal as a page uses it: open until it asks to close. */
function Harness({ onClose }: { onClose: () => void }) {
  const [opened, setOpened] = useState(true);
  return (
    <ManualExecutionModal
      flowId="f1"
      flowName="Importar pedidos"
      opened={opened}
      onClose={() => {
        onClose();
        setOpened(false);
      }}
    />
  );
}

function openModal() {
  const onClose = vi.fn();
  const view = renderWithProviders(<Harness onClose={onClose} />);
  return { ...view, onClose };
}

/** Mantine's FileInput is a button over a hidden file input. */
function fileInputOf(dialog: HTMLElement): HTMLInputElement {
  const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

describe('ManualExecutionModal', () => {
  it('shows the description and the trigger fields, required ones with an asterisk', async () => {
    setup();
    openModal();
    const dialog = screen.getByRole('dialog', { name: 'Executar Flow' });
    const description = await within(dialog).findByText(/Informe os dados do pedido\./);
    expect(description.textContent).toBe('Informe os dados do pedido.\nO arquivo deve ser um CSV.');
    expect(description).toHaveStyle({ whiteSpace: 'pre-wrap' });
    expect(within(dialog).getByText('Importar pedidos')).toBeInTheDocument();

    const pedido = within(dialog).getByRole('textbox', { name: /Número do pedido/ });
    expect(pedido.tagName).toBe('INPUT');
    expect(pedido).toBeRequired();
    const obs = within(dialog).getByRole('textbox', { name: 'Observações' });
    expect(obs.tagName).toBe('TEXTAREA');
    expect(obs).not.toBeRequired();
    const labelOf = (text: string) => within(dialog).getByText(text).closest('label');
    expect(labelOf('Planilha')).toHaveTextContent(/^Planilha \*$/);
    expect(labelOf('Número do pedido')).toHaveTextContent(/^Número do pedido \*$/);
    expect(labelOf('Observações')).toHaveTextContent(/^Observações$/);
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
  });

  it('marks the empty required fields and sends nothing', async () => {
    const api = setup();
    const { user } = openModal();
    await screen.findByRole('textbox', { name: /Número do pedido/ });
    await user.click(screen.getByRole('button', { name: 'Executar' }));

    expect(
      await screen.findByText('O campo "Número do pedido" é obrigatório.'),
    ).toBeInTheDocument();
    expect(screen.getByText('O campo "Planilha" é obrigatório.')).toBeInTheDocument();
    expect(screen.queryByText('O campo "Observações" é obrigatório.')).not.toBeInTheDocument();
    expect(api.callsTo('POST', formPath)).toHaveLength(0);
  });

  it('sends the texts and the file as multipart, says the flow started and closes after 1 s', async () => {
    const api = setup();
    const { user, onClose } = openModal();
    await user.type(await screen.findByRole('textbox', { name: /Número do pedido/ }), '4512');
    await user.type(screen.getByRole('textbox', { name: 'Observações' }), 'linha 1{enter}linha 2');
    const file = new File(['id;valor\n1;10'], 'pedidos.csv', { type: 'text/csv' });
    await user.upload(fileInputOf(screen.getByRole('dialog')), file);
    expect(screen.getByText('pedidos.csv')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Executar' }));

    expect(
      await screen.findByText(
        'Flow iniciado! Verifique os logs de monitoramento para detalhes da execução.',
      ),
    ).toBeInTheDocument();
    const [call] = api.callsTo('POST', formPath);
    expect(call?.body).toBeInstanceOf(FormData);
    const body = call?.body as FormData;
    expect(body.get('pedido')).toBe('4512');
    expect(body.get('obs')).toBe('linha 1\nlinha 2');
    const sentFile = body.get('planilha');
    expect(sentFile).toBeInstanceOf(File);
    expect((sentFile as File).name).toBe('pedidos.csv');
    expect(call?.headers['Content-Type']).toBeUndefined();

    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1), { timeout: 2000 });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Executar Flow' })).not.toBeInTheDocument(),
    );
  });

  it('shows the server message when the execution fails, and stays open', async () => {
    setup(apiError(400, 'Este flow está desativado.'));
    const { user, onClose } = openModal();
    await user.type(await screen.findByRole('textbox', { name: /Número do pedido/ }), '1');
    await user.upload(
      fileInputOf(screen.getByRole('dialog')),
      new File(['x'], 'a.csv', { type: 'text/csv' }),
    );
    await user.click(screen.getByRole('button', { name: 'Executar' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Ocorreu um erro ao tentar executar o Flow!');
    expect(alert).toHaveTextContent('Este flow está desativado.');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Executar Flow' })).toBeInTheDocument();
  });

  it('shows the server message when the form cannot be loaded', async () => {
    mockFetch([
      {
        method: 'GET',
        path: formPath,
        reply: apiError(400, "O flow deve conter um conector 'Manual Trigger'."),
      },
    ]);
    openModal();
    expect(
      await screen.findByText("O flow deve conter um conector 'Manual Trigger'."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Executar' })).not.toBeInTheDocument();
  });
});
