import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { NodeManifest } from '@ponte/shared/flow/node-manifest.schema';
import { renderWithProviders } from '../../../test/render';
import { paletteDragType } from '../canvas/flow-canvas';
import { NodePalette } from './node-palette';

const manifest = (
  type: string,
  label: string,
  extra: Partial<NodeManifest> = {},
): NodeManifest => ({
  type,
  version: 1,
  category: 'action',
  label,
  description: `Descrição de ${label}.`,
  icon: 'box',
  params: {},
  outputs: { default: { label: 'Saída' } },
  ...extra,
});

const manifests = [
  manifest('core_log', 'Log'),
  manifest('core_send_email', 'Enviar e-mail', {
    available: false,
    unavailableReason: 'Disponível quando as contas de serviço existirem.',
  }),
];

const item = (type: string) =>
  document.querySelector<HTMLButtonElement>(`[data-node-type="${type}"]`)!;

describe('NodePalette', () => {
  it('shows a connector whose area does not exist yet disabled, with the reason', async () => {
    const onAdd = vi.fn();
    const { user } = renderWithProviders(<NodePalette manifests={manifests} onAdd={onAdd} />);
    const email = item('core_send_email');
    expect(email).toBeDisabled();
    expect(email).toHaveAttribute('draggable', 'false');
    expect(email).toHaveTextContent('Disponível quando as contas de serviço existirem.');
    expect(email).toHaveAttribute('title', 'Disponível quando as contas de serviço existirem.');
    await user.click(screen.getByText('Enviar e-mail'));
    const data = { setData: vi.fn(), effectAllowed: '' };
    fireEvent.dragStart(email, { dataTransfer: data });
    expect(onAdd).not.toHaveBeenCalled();
    expect(data.setData).not.toHaveBeenCalled();

    const log = item('core_log');
    expect(log).toBeEnabled();
    expect(log).toHaveAttribute('draggable', 'true');
    await user.click(screen.getByText('Log'));
    expect(onAdd).toHaveBeenCalledWith('core_log');
    fireEvent.dragStart(log, { dataTransfer: data });
    expect(data.setData).toHaveBeenCalledWith(paletteDragType, 'core_log');
  });

  it('lists custom connectors in their own section, with their image, found by service name', async () => {
    const image = 'data:image/png;base64,iVBORw0KGgo=';
    const { user } = renderWithProviders(
      <NodePalette
        manifests={[
          ...manifests,
          manifest('custom_c1', 'Consulta CEP', {
            custom: { id: 'c1', image, service_name: 'viacep' },
          }),
          manifest('custom_c2', 'Consulta CNPJ', {
            custom: { id: 'c2' },
            available: false,
            unavailableReason: 'O conector personalizado "Consulta CNPJ" está desativado.',
          }),
        ]}
        onAdd={vi.fn()}
      />,
    );
    const sections = screen.getAllByRole('button', { name: /\(\d+\)$/ });
    expect(sections.map((section) => section.textContent)).toEqual([
      'Ações (2)',
      'Conectores personalizados (2)',
    ]);
    expect(item('custom_c1').querySelector('img')).toHaveAttribute('src', image);
    expect(item('custom_c2').querySelector('img')).toBeNull();
    expect(item('custom_c2')).toBeDisabled();
    expect(item('custom_c2')).toHaveTextContent(
      'O conector personalizado "Consulta CNPJ" está desativado.',
    );

    await user.type(screen.getByRole('textbox', { name: 'Buscar conectores' }), 'viacep');
    expect(item('custom_c1')).toBeInTheDocument();
    expect(screen.queryByText('Log')).toBeNull();
    expect(
      screen.getByRole('button', { name: 'Conectores personalizados (1)' }),
    ).toBeInTheDocument();
  });

  it("lists the AI steps in their own section, 'IA', after flow control", () => {
    renderWithProviders(
      <NodePalette
        manifests={[
          ...manifests,
          manifest('core_if', 'Condição', { category: 'flow_control' }),
          manifest('svc_llm', 'Modelo de linguagem', { category: 'ai', icon: 'sparkles' }),
        ]}
        onAdd={vi.fn()}
      />,
    );
    const sections = screen.getAllByRole('button', { name: /\(\d+\)$/ });
    expect(sections.map((section) => section.textContent)).toEqual([
      'Ações (2)',
      'Controle de fluxo (1)',
      'IA (1)',
    ]);
    expect(item('svc_llm')).toBeEnabled();
  });

  it("puts Pix, Boleto and NF-e together in 'Brasil', after the AI steps", () => {
    renderWithProviders(
      <NodePalette
        manifests={[
          ...manifests,
          manifest('svc_llm', 'Modelo de linguagem', { category: 'ai', icon: 'sparkles' }),
          manifest('svc_pix', 'Pix', { category: 'brazil', icon: 'qrcode' }),
          manifest('core_boleto', 'Boleto', { category: 'brazil', icon: 'barcode' }),
          manifest('core_nfe', 'NF-e', { category: 'brazil', icon: 'file-invoice' }),
        ]}
        onAdd={vi.fn()}
      />,
    );
    const sections = screen.getAllByRole('button', { name: /\(\d+\)$/ });
    expect(sections.map((section) => section.textContent)).toEqual([
      'Ações (2)',
      'IA (1)',
      'Brasil (3)',
    ]);
    expect(item('svc_pix')).toBeEnabled();
  });
});
