import { describe, expect, it } from 'vitest';
import { resolveTemplate } from '../../../expressions/expressions';
import { contextFor } from '../test-context';
import { mustacheExpression } from './mustache';
import { mapTemplate } from './template';

const render = (template: string, msg: unknown, flow: unknown = {}) =>
  resolveTemplate(`{{ ${mustacheExpression(template)} }}`, {
    msg,
    flow,
    vars: { CIDADE: 'Recife' },
  });

describe('mustache templates as JSONata', () => {
  it('renders variables, escaping as mustache does, and {{{x}}} / {{& x}} as they are', async () => {
    const msg = { payload: { nome: '<Ana & "Bia">' }, topic: 'oi' };
    expect(await render('Olá {{payload.nome}}!', msg)).toBe(
      'Olá &lt;Ana &amp; &quot;Bia&quot;&gt;!',
    );
    expect(await render('{{{payload.nome}}} / {{& payload.nome}}', msg)).toBe(
      '<Ana & "Bia"> / <Ana & "Bia">',
    );
    expect(await render('{{! comentário }}[{{topic}}][{{falta}}]', msg)).toBe('[oi][]');
  });

  it('renders numbers, lists and objects as mustache.js does', async () => {
    expect(await render('{{a}} {{b}} {{c}}', { a: 1.5, b: [1, 'x'], c: { k: 1 } })).toBe(
      '1.5 1,x [object Object]',
    );
  });

  it('reads flow., global. and env. as Node-RED’s template node does', async () => {
    expect(
      await render('{{flow.n}} {{global.m}} {{env.CIDADE}}', {}, { n: 1, global: { m: 2 } }),
    ).toBe('1 2 Recife');
  });

  it('gives up on sections, partials and delimiters (no mustache library in the sandbox)', () => {
    expect(mustacheExpression('{{#payload}}- {{name}}{{/payload}}')).toBeNull();
    expect(mustacheExpression('{{> parte}}')).toBeNull();
    expect(mustacheExpression('{{=<% %>=}}')).toBeNull();
  });
});

describe('mapTemplate', () => {
  it('sets the field with the rendered text, parsed when the output is JSON', async () => {
    const mapped = mapTemplate(
      contextFor({
        type: 'template',
        field: 'payload',
        template: '{"valor": "{{payload}}"}',
        output: 'json',
      }),
    );
    expect(mapped.status).toBe('translated');
    const node = mapped.nodes[0]!;
    expect(node.type).toBe('core_set');
    const row = (node.params.values as { path: string; value: string }[])[0]!;
    expect(row.path).toBe('payload');
    expect(
      await resolveTemplate(row.value, { msg: { payload: 'oi' }, flow: {}, vars: {} }),
    ).toEqual({ valor: 'oi' });
  });

  it('is a placeholder for sections and YAML, with the reason', () => {
    const sections = mapTemplate(contextFor({ type: 'template', template: '{{#a}}x{{/a}}' }));
    expect(sections.status).toBe('not_translated');
    expect(sections.notes[0]).toMatch(/biblioteca mustache/);
    expect(
      mapTemplate(contextFor({ type: 'template', template: 'a: 1', output: 'yaml' })).status,
    ).toBe('not_translated');
  });
});
