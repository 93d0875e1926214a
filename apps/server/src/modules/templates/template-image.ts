import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import { nodeCategoryColours, type NodeCategory } from '@ponte/shared/flow/node-manifest.schema';

/** Grey for an unknown type. */
const unknownColour = '#868e96';

const width = 320;
const height = 180;
/** Characters per title line at 14 px; a longer title wraps once, then ends in an ellipsis. */
const lineMax = 32;
const margin = 16;
/** A node's cell in graph units (the editor lays nodes about 260 × 160 apart). */
const cell = { width: 260, height: 160 };
/** Room under the nodes for the connections that go back (a retry, a loop's body). */
const returnLane = 14;

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

const round = (value: number) => Math.round(value * 10) / 10;

/** One or two lines of at most `lineMax` characters, broken between words. */
export function titleLines(title: string): string[] {
  const words = title.trim().split(/\s+/);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= lineMax || !line) {
      line = next;
      continue;
    }
    lines.push(line);
    line = word;
  }
  lines.push(line);
  const kept = lines
    .slice(0, 2)
    .map((text) => (text.length > lineMax ? text.slice(0, lineMax) : text));
  if (lines.length > 2 || lines.some((text) => text.length > lineMax)) {
    const last = kept[kept.length - 1]!;
    kept[kept.length - 1] = `${last.slice(0, lineMax - 1).trimEnd()}…`;
  }
  return kept;
}

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
  colour: string;
}

interface Area {
  left: number;
  top: number;
  width: number;
  height: number;
}

function layout(
  doc: FlowDocument,
  area: Area,
  categoryOf: (type: string) => NodeCategory | undefined,
) {
  const xs = doc.nodes.map((node) => node.position.x);
  const ys = doc.nodes.map((node) => node.position.y);
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  const spanX = Math.max(...xs) - minX + cell.width;
  const spanY = Math.max(...ys) - minY + cell.height;
  const scale = Math.min(area.width / spanX, area.height / spanY, 0.26);
  const offsetX = area.left + (area.width - spanX * scale) / 2;
  const offsetY = area.top + (area.height - spanY * scale) / 2;
  const w = Math.max(16, cell.width * scale * 0.66);
  const h = Math.max(10, Math.min(26, cell.height * scale * 0.55));
  const boxes = new Map<string, Box>();
  for (const node of doc.nodes) {
    const category = categoryOf(node.type);
    boxes.set(node.uid, {
      x: offsetX + (node.position.x - minX + cell.width / 2) * scale - w / 2,
      y: offsetY + (node.position.y - minY + cell.height / 2) * scale - h / 2,
      w,
      h,
      colour: category ? nodeCategoryColours[category] : unknownColour,
    });
  }
  return boxes;
}

const goesBack = (from: Box, to: Box) => to.x < from.x + from.w;

function edgePath(from: Box, to: Box, lane: number): string {
  const x1 = round(from.x + from.w);
  const y1 = round(from.y + from.h / 2);
  const x2 = round(to.x);
  const y2 = round(to.y + to.h / 2);
  // Forward: an S curve. Backward: out to the right, along the lane under every node, and
  // back in from the left, so it never crosses a node.
  const d = goesBack(from, to)
    ? `M${x1} ${y1} C${x1 + 14} ${y1} ${x1 + 14} ${lane} ${x1} ${lane} L${x2} ${lane} C${x2 - 14} ${lane} ${x2 - 14} ${y2} ${x2} ${y2}`
    : `M${x1} ${y1} C${round((x1 + x2) / 2)} ${y1} ${round((x1 + x2) / 2)} ${y2} ${x2} ${y2}`;
  return `<path d="${d}" fill="none" stroke="#adb5bd" stroke-width="1.6"/>`;
}

function nodeShape(box: Box): string {
  const dot = box.h * 0.2;
  const barX = box.x + box.h * 0.8;
  const barWidth = Math.max(0, box.w - box.h * 1.1);
  return [
    `<rect x="${round(box.x)}" y="${round(box.y)}" width="${round(box.w)}" height="${round(box.h)}" rx="${round(box.h * 0.25)}" fill="${box.colour}"/>`,
    `<circle cx="${round(box.x + box.h * 0.45)}" cy="${round(box.y + box.h / 2)}" r="${round(dot)}" fill="#fff"/>`,
    barWidth > 2
      ? `<rect x="${round(barX)}" y="${round(box.y + box.h / 2 - 1.5)}" width="${round(barWidth)}" height="3" rx="1.5" fill="#fff" fill-opacity="0.85"/>`
      : '',
  ].join('');
}

/**
 * A 320 × 180 SVG picture of a flow: its title and its nodes as rounded boxes in the category
 * colours, joined by its connections. Drawn from the graph, so it always matches the flow.
 */
export function templateImageSvg(
  title: string,
  doc: FlowDocument,
  categoryOf: (type: string) => NodeCategory | undefined,
): string {
  const lines = titleLines(title);
  const top = 24 + lines.length * 18;
  const area = { left: margin, top, width: width - 2 * margin, height: height - top - margin };
  let boxes = doc.nodes.length ? layout(doc, area, categoryOf) : new Map<string, Box>();
  const pairs = doc.edges.flatMap((edge) => {
    const from = boxes.get(edge.source);
    const to = boxes.get(edge.target);
    return from && to ? [{ edge, back: goesBack(from, to) }] : [];
  });
  if (pairs.some((pair) => pair.back)) {
    boxes = layout(doc, { ...area, height: area.height - returnLane }, categoryOf);
  }
  const lane = Math.max(...[...boxes.values()].map((box) => box.y + box.h)) + returnLane / 2 + 2;
  const edges = pairs.map(({ edge }) =>
    edgePath(boxes.get(edge.source)!, boxes.get(edge.target)!, round(lane)),
  );
  const text = lines
    .map((line, index) => `<tspan x="${margin}" y="${30 + index * 18}">${escapeXml(line)}</tspan>`)
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" rx="12" fill="#f8f9fa"/>`,
    `<rect x="0.5" y="0.5" width="${width - 1}" height="${height - 1}" rx="11.5" fill="none" stroke="#dee2e6"/>`,
    `<text font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="14" font-weight="600" fill="#212529">${text}</text>`,
    ...edges,
    ...[...boxes.values()].map(nodeShape),
    '</svg>',
  ].join('');
}

/** The SVG as the `data:` URL the gallery shows (no file, no remote resource). */
export function templateImageDataUrl(
  title: string,
  doc: FlowDocument,
  categoryOf: (type: string) => NodeCategory | undefined,
): string {
  const svg = templateImageSvg(title, doc, categoryOf);
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}
