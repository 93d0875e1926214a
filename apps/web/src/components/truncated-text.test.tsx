import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { TruncatedText } from './truncated-text';

const longName = `Fluxo${'x'.repeat(111)}FIM0`;

/** jsdom lays nothing out: the text's box is told how wide it is and how wide its text is. */
function sized(element: HTMLElement, box: number, text: number) {
  Object.defineProperty(element, 'clientWidth', { configurable: true, value: box });
  Object.defineProperty(element, 'scrollWidth', { configurable: true, value: text });
}

describe('TruncatedText', () => {
  it('shows the whole name in a tooltip when its cell cuts it', async () => {
    const { user } = renderWithProviders(<TruncatedText to="/flows/f1">{longName}</TruncatedText>);
    const link = screen.getByRole('link', { name: longName });
    expect(link).toHaveAttribute('href', '/flows/f1');
    expect(link).toHaveAttribute('data-truncate', 'end');
    sized(link, 200, 900);
    await user.hover(link);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(longName);
    await user.unhover(link);
    await expect.poll(() => screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows no tooltip for a name that fits', async () => {
    const { user } = renderWithProviders(<TruncatedText>Vendas</TruncatedText>);
    const text = screen.getByText('Vendas');
    sized(text, 200, 60);
    await user.hover(text);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('gives the whole name of a name shortened before (a group cut at 30)', async () => {
    const { user } = renderWithProviders(
      <TruncatedText full="Integrações com fornecedores de logística">
        Integrações com fornecedores d...
      </TruncatedText>,
    );
    const text = screen.getByText('Integrações com fornecedores d...');
    sized(text, 300, 200);
    await user.hover(text);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Integrações com fornecedores de logística',
    );
  });
});
