import { describe, expect, it } from 'vitest';
import { sanitizeMailHtml } from './sanitize-mail-html';

describe('sanitizeMailHtml', () => {
  it('removes scripts, event handlers, javascript: links and frames', () => {
    const clean = sanitizeMailHtml(
      '<p onclick="roubar()">Olá<script>alert(1)</script></p>' +
        '<a href="javascript:alert(1)">clique</a><iframe src="https://x.com"></iframe>' +
        '<img src="http://inseguro.com/a.png" onerror="x()"><form><input name="senha"></form>',
    );
    expect(clean).toBe('<p>Olá</p><a>clique</a><img />');
  });

  it('keeps ordinary formatting, tables, links and images by https or cid', () => {
    const html =
      '<h1 style="color:#333;font-size:20px">Relatório</h1><p><strong>Total:</strong> <em>10</em></p>' +
      '<table border="1" cellpadding="4"><tr><th>Item</th></tr><tr><td colspan="2">A</td></tr></table>' +
      '<a href="https://ponte.example/x" target="_blank">ver</a>' +
      '<img src="https://ponte.example/logo.png" alt="logo" /><img src="cid:grafico" />';
    expect(sanitizeMailHtml(html)).toBe(html);
  });

  it('drops style values that call functions', () => {
    expect(
      sanitizeMailHtml('<p style="background-color:url(https://x.com/t.png);color:red">a</p>'),
    ).toBe('<p style="color:red">a</p>');
  });
});
