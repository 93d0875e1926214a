import { describe, expect, it } from 'vitest';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import type { NodeCategory } from '@ponte/shared/flow/node-manifest.schema';
import { edge, node } from './catalogue/template-source';
import { templateImageDataUrl, templateImageSvg, titleLines } from './template-image';

const categories: Record<string, NodeCategory> = {
  core_manual_trigger: 'trigger',
  core_http_request: 'action',
  core_condition: 'flow_control',
};
const categoryOf = (type: string) => categories[type];

const doc: FlowDocument = {
  version: 1,
  nodes: [
    node('inicio', 'core_manual_trigger', [0, 0], 'Início'),
    node('buscar', 'core_http_request', [1, 0], 'Buscar'),
    node('pronto', 'core_condition', [2, 0], 'Pronto?'),
    node('estranho', 'tipo_desconhecido', [3, 0], 'Estranho'),
  ],
  edges: [
    edge('inicio', 'buscar'),
    edge('buscar', 'pronto'),
    edge('pronto', 'buscar', 'false'),
    edge('pronto', 'estranho', 'true'),
  ],
};

const boxesOf = (svg: string) =>
  [
    ...svg.matchAll(
      /<rect x="([\d.]+)" y="([\d.]+)" width="[\d.]+" height="[\d.]+" rx="[\d.]+" fill="(#[0-9a-f]+)"\/>/g,
    ),
  ].map((match) => ({ x: Number(match[1]), y: Number(match[2]), colour: match[3] }));

describe('template image', () => {
  it('draws one box per node, left to right, in the colour of its category', () => {
    const svg = templateImageSvg('Consulta', doc, categoryOf);
    const boxes = boxesOf(svg);
    expect(boxes.map((box) => box.colour)).toEqual(['#12b886', '#228be6', '#fd7e14', '#868e96']);
    expect(boxes.map((box) => box.x)).toEqual([...boxes.map((box) => box.x)].sort((a, b) => a - b));
    for (const box of boxes) {
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x).toBeLessThan(320);
      expect(box.y).toBeGreaterThan(30);
      expect(box.y).toBeLessThan(180);
    }
    expect(svg.match(/<path /g)).toHaveLength(doc.edges.length);
  });

  it('routes a connection going back under every node', () => {
    const svg = templateImageSvg('Consulta', doc, categoryOf);
    const lowest = Math.max(...boxesOf(svg).map((box) => box.y));
    const back = [...svg.matchAll(/<path d="([^"]+)"/g)]
      .map((m) => m[1]!)
      .find((d) => d.includes(' L'))!;
    const laneY = Number(/L[\d.]+ ([\d.]+)/.exec(back)![1]);
    expect(laneY).toBeGreaterThan(lowest);
    expect(laneY).toBeLessThan(180);
  });

  it('escapes the title and wraps a long one on two lines, then ends it with an ellipsis', () => {
    const svg = templateImageSvg('Pedidos <novos> & "pagos"', doc, categoryOf);
    expect(svg).toContain('Pedidos &#60;novos&#62; &#38; &#34;pagos&#34;');
    expect(svg).not.toContain('<novos>');
    expect(titleLines('Acompanhar um processamento (polling)')).toEqual([
      'Acompanhar um processamento',
      '(polling)',
    ]);
    const long = titleLines(
      'Uma frase bem comprida que não cabe de jeito nenhum em duas linhas do cartão',
    );
    expect(long).toHaveLength(2);
    expect(long[1]!.endsWith('…')).toBe(true);
    for (const line of long) expect(line.length).toBeLessThanOrEqual(32);
  });

  it('is a base64 SVG data URL', () => {
    const url = templateImageDataUrl('Consulta', doc, categoryOf);
    expect(url.startsWith('data:image/svg+xml;base64,')).toBe(true);
    const svg = Buffer.from(url.split(',')[1]!, 'base64').toString('utf8');
    expect(svg).toBe(templateImageSvg('Consulta', doc, categoryOf));
  });
});
