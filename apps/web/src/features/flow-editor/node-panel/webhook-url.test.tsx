import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { workspaceStore } from '../../../lib/session/session-store';
import { renderWithProviders } from '../../../test/render';
import { WebhookUrl } from './webhook-url';

afterEach(() => workspaceStore.remove());

describe('WebhookUrl', () => {
  it('builds the URL from the engine URL the server reports (PONTE_PUBLIC_URL)', () => {
    workspaceStore.set({
      _id: 'w1',
      name: 'Principal',
      engine_url: 'https://ponte.exemplo.com/engine',
      role: 'owner',
      groups: null,
    });
    renderWithProviders(<WebhookUrl flowId="f1" path="/pedidos/novo" />);
    expect(
      screen.getByText('https://ponte.exemplo.com/engine/webhook/f1/pedidos/novo'),
    ).toBeInTheDocument();
  });

  it('asks to save the flow first: the URL carries its id', () => {
    renderWithProviders(<WebhookUrl flowId={null} path="pedidos" />);
    expect(screen.getByText('Salve o flow para ver a URL do webhook.')).toBeInTheDocument();
  });

  it("gives a service trigger its own address, by flow and node, to paste in the service's settings", () => {
    workspaceStore.set({
      _id: 'w1',
      name: 'Principal',
      engine_url: 'https://ponte.exemplo.com/engine',
      role: 'owner',
      groups: null,
    });
    renderWithProviders(<WebhookUrl flowId="f1" hookNode="entrada" />);
    expect(screen.getByText('URL para informar ao serviço')).toBeInTheDocument();
    expect(
      screen.getByText('https://ponte.exemplo.com/engine/hooks/f1/entrada'),
    ).toBeInTheDocument();
  });

  it('says Ponte registers the address itself for a trigger that registers it by API', () => {
    renderWithProviders(<WebhookUrl flowId="f1" hookNode="entrada" registered />);
    expect(
      screen.getByText('O Ponte registra este endereço no serviço ao ativar o flow.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('URL para informar ao serviço')).not.toBeInTheDocument();
  });
});
