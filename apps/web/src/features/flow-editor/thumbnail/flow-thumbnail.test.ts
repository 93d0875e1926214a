import { describe, expect, it } from 'vitest';
import { emptyFlowDocument } from '@ponte/shared/flow/flow-document.schema';
import type { FlowDocument, FlowNode } from '@ponte/shared/flow/flow-document.schema';
import type { NodeManifest } from '@ponte/shared/flow/node-manifest.schema';
import { flowThumbnail } from './flow-thumbnail';

const categories: Record<string, NodeManifest['category']> = {
  core_manual_trigger: 'trigger',
  core_http_request: 'action',
  core_condition: 'flow_control',
};
const lookup = (type: string) =>
  categories[type] ? ({ category: categories[type] } as NodeManifest) : undefined;

const node = (uid: string, type: string, x: number, y: number): FlowNode => ({
  uid,
  type,
  typeVersion: 1,
  params: {},
  position: { x, y },
});

const edge = (source: string, target: string) => ({
  id: `${source}:default->${target}`,
  source,
  sourceOutput: 'default',
  target,
});

function decode(url: string): Document {
  const prefix = 'data:image/svg+xml;base64,';
  expect(url.startsWith(prefix)).toBe(true);
  const bytes = Uint8Array.from(atob(url.slice(prefix.length)), (char) => char.charCodeAt(0));
  const svg = new DOMParser().parseFromString(new TextDecoder().decode(bytes), 'image/svg+xml');
  expect(svg.querySelector('parsererror')).toBeNull();
  return svg;
}

describe('flowThumbnail', () => {
  it('is null for an empty flow', () => {
    expect(flowThumbnail(emptyFlowDocument(), lookup)).toBeNull();
  });

  it('draws a chain as coloured boxes joined by curves, inside the picture', () => {
    const doc: FlowDocument = {
      version: 1,
      nodes: [
        { ...node('t', 'core_manual_trigger', 0, 0), label: 'Início <&> "ação"' },
        node('c', 'core_condition', 300, 100),
        node('x', 'nao_existe', 600, -50),
      ],
      edges: [edge('t', 'c'), edge('c', 'x'), edge('c', 'sumiu')],
    };
    const svg = decode(flowThumbnail(doc, lookup)!);
    const root = svg.documentElement;
    expect(root.getAttribute('width')).toBe('320');
    expect(root.getAttribute('height')).toBe('180');
    const [background, ...rects] = Array.from(svg.querySelectorAll('rect'));
    expect(background?.getAttribute('fill')).toBe('#fff');
    expect(rects.map((rect) => rect.parentElement?.getAttribute('fill'))).toEqual([
      '#12b886',
      '#fd7e14',
      '#adb5bd',
    ]);
    expect(svg.querySelectorAll('path')).toHaveLength(2);
    expect(root.textContent).toBe('');
    for (const rect of rects) {
      const x = Number(rect.getAttribute('x'));
      const y = Number(rect.getAttribute('y'));
      expect(x).toBeGreaterThanOrEqual(0);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(x + Number(rect.getAttribute('width'))).toBeLessThanOrEqual(320);
      expect(y + Number(rect.getAttribute('height'))).toBeLessThanOrEqual(180);
    }
    // The first edge leaves the trigger's right side at mid-height.
    const trigger = rects[0]!;
    const start = `M${Number(trigger.getAttribute('x')) + Number(trigger.getAttribute('width'))} `;
    expect(svg.querySelector('path')?.getAttribute('d')).toMatch(new RegExp(`^${start}`));
  });

  it('fades disabled nodes', () => {
    const doc: FlowDocument = {
      version: 1,
      nodes: [
        node('a', 'core_http_request', 0, 0),
        { ...node('b', 'core_http_request', 300, 0), disabled: true },
      ],
      edges: [],
    };
    const rects = Array.from(decode(flowThumbnail(doc, lookup)!).querySelectorAll('rect')).slice(1);
    expect(rects.map((rect) => rect.getAttribute('fill-opacity'))).toEqual([null, '.4']);
  });

  it('keeps a large flow small', () => {
    const nodes = Array.from({ length: 100 }, (_, index) =>
      node(`node-${index}`, 'core_http_request', (index % 10) * 260, Math.floor(index / 10) * 120),
    );
    const edges = nodes.slice(1).map((target, index) => edge(nodes[index]!.uid, target.uid));
    const url = flowThumbnail({ version: 1, nodes, edges }, lookup)!;
    expect(url.length).toBeLessThan(20_000);
    const svg = decode(url);
    expect(svg.querySelectorAll('rect')).toHaveLength(101);
    expect(svg.querySelectorAll('path')).toHaveLength(99);
  });
});
