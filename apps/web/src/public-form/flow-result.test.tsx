import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { formMessages } from '@ponte/shared/messages-forms';
import { theme } from '../app/theme';
import { FlowResult } from './flow-result';

const texts = formMessages.public;

/** The manual's static example ("Manual de Padrões para Iniciação do Pix", Banco Central). */
const brCode =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000' +
  '5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
/** A 1×1 PNG. */
const png =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

function renderResult(result: unknown) {
  const user = userEvent.setup();
  render(
    <MantineProvider theme={theme}>
      <FlowResult result={result} />
    </MantineProvider>,
  );
  return user;
}

describe('the flow answer on the public form page', () => {
  it('shows a PNG QR Code as an image named by its field, and the copia e cola to copy', async () => {
    const user = renderResult({ qr_code: png, 'Pix copia e cola': brCode, valor: 1234.56 });
    const image = screen.getByRole('img', { name: 'Qr code' });
    expect(image).toHaveAttribute('src', png);
    expect(screen.getByTestId('copyable-code')).toHaveTextContent(brCode);
    expect(screen.getByText('1234.56')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Copiar Pix copia e cola' }));
    expect(await navigator.clipboard.readText()).toBe(brCode);
    expect(screen.getByRole('button', { name: 'Copiar Pix copia e cola' })).toHaveTextContent(
      texts.copied,
    );
  });

  it('never draws SVG, HTML or a data URL that is not a PNG: they stay text', () => {
    const svg = 'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDEpIi8+';
    const fakePng = 'data:image/png;base64,PHN2ZyBvbmxvYWQ9ImFsZXJ0KDEpIi8+';
    const html = '<img src=x onerror="alert(1)">';
    renderResult({ svg, fake: fakePng, html, pagina: `${png}"><script>alert(1)</script>` });
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText(svg)).toBeVisible();
    expect(screen.getByText(fakePng)).toBeVisible();
    expect(screen.getByText(html)).toBeVisible();
    expect(document.querySelector('script, svg image, [onerror]')).toBeNull();
  });

  it('shows a whole answer that is a QR image or a BR Code', () => {
    renderResult(png);
    expect(screen.getByRole('img', { name: texts.resultTitle })).toHaveAttribute('src', png);
  });

  it('offers no copy for a text that only looks like a BR Code', () => {
    renderResult({ codigo: '000201 sem o Pix 63041D3D' });
    expect(screen.queryByRole('button', { name: /Copiar/ })).toBeNull();
  });
});
