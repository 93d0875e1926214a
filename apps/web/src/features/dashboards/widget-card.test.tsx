import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Widget, WidgetResult } from '@ponte/shared/dashboards.schema';
import { renderWithProviders } from '../../test/render';
import { listPage, setupView, widget, widgets } from './view-test-fixtures';
import { WidgetCard } from './widget-card';

function renderCard(
  shown: Widget,
  result: WidgetResult | undefined,
  extra: { loading?: boolean; link?: string; onPage?: (page: number) => void } = {},
) {
  setupView();
  return renderWithProviders(
    <WidgetCard widget={shown} result={result} loading={extra.loading ?? false} {...extra} />,
  );
}

describe('WidgetCard', () => {
  it('shows a count in pt-BR digits under its label', () => {
    renderCard(widgets.count, { kind: 'value', value: 12345 });
    expect(screen.getByText('Execuções')).toBeInTheDocument();
    expect(screen.getByTestId('widget-value')).toHaveTextContent('12.345');
  });

  it("shows a workspace's AI tokens of the period with their parts in and out", () => {
    const tokens = widget('widget-t', 'ai_tokens', { label: 'Tokens de IA' });
    renderCard(tokens, { kind: 'value', value: 1801, tokens: { entrada: 1234, saida: 567 } });
    expect(screen.getByText('Tokens de IA')).toBeInTheDocument();
    const figure = screen.getByTestId('widget-value');
    expect(figure).toHaveTextContent('1.801');
    expect(figure).toHaveTextContent('1.234 de entrada · 567 de saída');
  });

  it('hides the label when show_label is off and names the flow when asked', async () => {
    const shown = widget('widget-a', 'log_count', {
      label: 'Escondido',
      show_label: false,
      show_flow_name: true,
      flow_id: 'f1',
      search_term: 'x',
    });
    renderCard(shown, { kind: 'value', value: 1 });
    expect(screen.queryByText('Escondido')).not.toBeInTheDocument();
    expect(await screen.findByText('Pedidos')).toBeInTheDocument();
  });

  it.each([
    [850, '850 ms'],
    [1234, '1,2 s'],
    [125_000, '2 min 5 s'],
    [null, '—'],
  ])('shows an execution time of %s ms as %s', (value, shown) => {
    renderCard(widgets.time, { kind: 'value', value, unit: 'ms' });
    expect(screen.getByTestId('widget-value')).toHaveTextContent(shown);
  });

  it('applies the font size to the figure', () => {
    const big = widget('widget-g', 'execution_count', { label: 'Grande', font_size: 'g' });
    renderCard(big, { kind: 'value', value: 3 });
    // g is 56 px (3.5rem); m, the default, 36 px.
    expect(screen.getByText('3').style.fontSize).toContain('3.5rem');
  });

  it('links the figure to the monitoring page it was given', () => {
    renderCard(widgets.logs, { kind: 'value', value: 7 }, { link: '/monitoring?filters=x' });
    expect(screen.getByRole('link', { name: /^7/ })).toHaveAttribute(
      'href',
      '/monitoring?filters=x',
    );
  });

  it('draws a histogram as a chart', () => {
    const histogram = widget('widget-h', 'execution_histogram', { label: 'Por hora' });
    renderCard(histogram, {
      kind: 'timeseries',
      interval: 'hour',
      timeseries: [
        { key: Date.UTC(2026, 10, 24, 3), doc_count: 2 },
        { key: Date.UTC(2026, 10, 24, 4), doc_count: 0 },
      ],
    });
    const chart = screen.getByTestId('widget-chart');
    expect(chart).toHaveAttribute('data-view-type', 'bar');
    expect(within(chart).getByLabelText('Por hora')).toBeInTheDocument();
  });

  it('lists rows with São Paulo dates and asks for another page', async () => {
    const onPage = vi.fn();
    const { user } = renderCard(widgets.list, listPage(1), { onPage });
    const table = screen.getByRole('table', { name: 'Últimos erros' });
    expect(within(table).getByRole('row', { name: /erro na página 1/ })).toHaveTextContent(
      '24/11/2026 10:05:09',
    );
    await user.click(screen.getByRole('button', { name: 'Página 2' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it('says when a list has no rows in the period', () => {
    renderCard(widgets.list, { ...listPage(1), items: [], total: 0, total_pages: 1 });
    expect(screen.getByText('Sem dados no período.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('renders its HTML without scripts or event handlers', () => {
    const html = widget('widget-x', 'text_html', {
      html: '<p>Olá <b>time</b></p><script>window.hacked = 1</script><img src="x" onerror="window.hacked = 1">',
    });
    renderCard(html, { kind: 'none' });
    const content = screen.getByTestId('widget-html');
    expect(content).toHaveTextContent('Olá time');
    expect(content.querySelector('script')).toBeNull();
    expect(content.querySelector('img')?.getAttribute('onerror')).toBeNull();
  });

  it('shows a widget error inside the card', () => {
    renderCard(widgets.list, { kind: 'error', error: 'A tabela deste widget não existe mais.' });
    expect(screen.getByRole('alert')).toHaveTextContent('A tabela deste widget não existe mais.');
  });

  it('shows a loader until its first result', () => {
    renderCard(widgets.count, undefined, { loading: true });
    expect(screen.getByLabelText('Carregando')).toBeInTheDocument();
  });
});
