import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { apiError, mockFetch } from '../../test/mock-fetch';
import { renderApp } from '../../test/render';
import { storeTestSession } from '../../test/session-fixtures';
import { isNavItemActive, navSections } from './nav-items';

const expected: [section: string, links: [label: string, href: string][]][] = [
  [
    'Construção',
    [
      ['Flows', '/flows'],
      ['Formulários', '/forms'],
      ['Filas internas', '/queues'],
      ['Conectores', '/custom-nodes'],
    ],
  ],
  [
    'Armazenamento',
    [
      ['Banco de dados', '/database/tables'],
      ['Storage', '/storage'],
    ],
  ],
  [
    'Monitoramento',
    [
      ['Dashboards', '/dashboards'],
      ['Execuções em tempo real', '/monitoring/active'],
      ['Histórico de execuções', '/monitoring/completed'],
      ['Logs de monitoramento', '/monitoring'],
      ['Regras de alerta', '/alert-rules'],
    ],
  ],
  [
    'Configurações',
    [
      ['Variáveis', '/variables'],
      ['Contas de serviço', '/service-accounts'],
      ['Tokens de API', '/api-tokens'],
      ['Grupos', '/groups'],
      ['LGPD', '/lgpd'],
    ],
  ],
];

function renderShell(path: string) {
  storeTestSession();
  mockFetch([
    { method: 'GET', path: '/api/v1/groups', reply: { body: { items: [], total: 0 } } },
    { method: 'GET', path: '/account/v1/config', reply: apiError(500, 'Falhou.') },
  ]);
  return renderApp(path);
}

describe('sidebar', () => {
  it('lists every section and link of the spec, in order', async () => {
    renderShell('/flows');
    const nav = await screen.findByRole('navigation', { name: 'Navegação principal' });
    for (const [section, links] of expected) {
      expect(within(nav).getByText(section)).toBeInTheDocument();
      for (const [label, href] of links) {
        expect(within(nav).getByRole('link', { name: new RegExp(`^${label}`) })).toHaveAttribute(
          'href',
          href,
        );
      }
    }
    const order = within(nav)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(order).toEqual(expected.flatMap(([, links]) => links.map(([, href]) => href)));
  });

  it('marks Storage as beta and shows the account panel link, workspace and version', async () => {
    renderShell('/flows');
    const storage = await screen.findByRole('link', { name: /^Storage/ });
    expect(within(storage).getByText('beta')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Painel da conta' })).toHaveAttribute('href', '/conta');
    expect(screen.getByTestId('workspace-name')).toHaveTextContent('Produção');
    expect(screen.getByText(`v${__PONTE_VERSION__}`)).toBeInTheDocument();
  });

  it('names every link by its label alone when minimised, with no area marked as unfinished', async () => {
    const { user } = renderShell('/flows');
    await screen.findByRole('navigation', { name: 'Navegação principal' });
    await user.click(screen.getByRole('button', { name: 'Recolher menu' }));
    const nav = screen.getByRole('navigation', { name: 'Navegação principal' });
    for (const [, links] of expected) {
      for (const [label, href] of links) {
        expect(within(nav).getByRole('link', { name: label })).toHaveAttribute('href', href);
      }
    }
    expect(screen.queryByText('em breve')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Expandir menu' }));
  });

  it('highlights only the current area', async () => {
    renderShell('/monitoring/active');
    const live = await screen.findByRole('link', { name: 'Execuções em tempo real' });
    expect(live).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Logs de monitoramento' })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it('can be minimised to icons and expanded again', async () => {
    const { user } = renderShell('/groups');
    await user.click(await screen.findByRole('button', { name: 'Recolher menu' }));
    expect(screen.queryByText('Construção')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Grupos' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('button', { name: 'Expandir menu' }));
    expect(screen.getByText('Construção')).toBeInTheDocument();
  });
});

describe('active link rule', () => {
  const item = (label: string) =>
    navSections.flatMap((s) => s.items).find((i) => i.label === label)!;

  it('matches an area and its sub-pages, but /monitoring only exactly', () => {
    expect(isNavItemActive(item('Grupos'), '/groups/edit/1')).toBe(true);
    expect(isNavItemActive(item('Banco de dados'), '/database/entities/t1')).toBe(true);
    expect(isNavItemActive(item('Logs de monitoramento'), '/monitoring')).toBe(true);
    expect(isNavItemActive(item('Logs de monitoramento'), '/monitoring/active')).toBe(false);
    expect(isNavItemActive(item('Flows'), '/flowsx')).toBe(false);
  });
});
