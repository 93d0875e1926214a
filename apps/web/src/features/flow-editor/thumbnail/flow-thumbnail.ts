import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import type { ManifestLookup } from '@ponte/shared/flow/flow-operations';
import { nodeCategoryColours } from '@ponte/shared/flow/node-manifest.schema';

const width = 320;
const height = 180;
const padding = 12;
/** The size a node is drawn with on the canvas, in flow coordinates. */
const nodeWidth = 180;
const nodeHeight = 56;

const unknownColor = '#adb5bd';
const edgeColor = '#868e96';

const round = (value: number) => Math.round(value * 10) / 10;

function toBase64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * The flow's picture in lists (`thumbnailData`): an SVG data URL of the graph fitted into
 * 320x180, nodes coloured by category, edges from the right middle of the source to the left
 * middle of the target. No label is drawn (no user text in the SVG). Null for an empty flow.
 */
export function flowThumbnail(doc: FlowDocument, lookup: ManifestLookup): string | null {
  if (doc.nodes.length === 0) return null;
  const left = Math.min(...doc.nodes.map((node) => node.position.x));
  const top = Math.min(...doc.nodes.map((node) => node.position.y));
  const right = Math.max(...doc.nodes.map((node) => node.position.x)) + nodeWidth;
  const bottom = Math.max(...doc.nodes.map((node) => node.position.y)) + nodeHeight;
  // Never enlarge: a flow of one node looks like one node, not a banner.
  const scale = Math.min(
    1,
    (width - 2 * padding) / (right - left),
    (height - 2 * padding) / (bottom - top),
  );
  const offsetX = (width - (right - left) * scale) / 2;
  const offsetY = (height - (bottom - top) * scale) / 2;
  const at = (x: number, y: number) => ({
    x: round((x - left) * scale + offsetX),
    y: round((y - top) * scale + offsetY),
  });

  const w = round(nodeWidth * scale);
  const h = round(nodeHeight * scale);
  const radius = round(Math.max(1, 8 * scale));
  const positions = new Map(doc.nodes.map((node) => [node.uid, node.position]));

  const edges = doc.edges.flatMap((edge) => {
    const source = positions.get(edge.source);
    const target = positions.get(edge.target);
    if (!source || !target) return [];
    const from = at(source.x + nodeWidth, source.y + nodeHeight / 2);
    const to = at(target.x, target.y + nodeHeight / 2);
    const bend = round(Math.max(Math.abs(to.x - from.x) / 2, 20 * scale));
    return [
      `<path d="M${from.x} ${from.y}C${round(from.x + bend)} ${from.y} ${round(to.x - bend)} ${to.y} ${to.x} ${to.y}"/>`,
    ];
  });

  // One group per colour: the fill is written once, not once per node.
  const byColor = new Map<string, string[]>();
  for (const node of doc.nodes) {
    const category = lookup(node.type, node.typeVersion)?.category;
    const fill = category ? nodeCategoryColours[category] : unknownColor;
    const { x, y } = at(node.position.x, node.position.y);
    const faded = node.disabled ? ' fill-opacity=".4"' : '';
    const rect = `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${radius}"${faded}/>`;
    const group = byColor.get(fill);
    if (group) group.push(rect);
    else byColor.set(fill, [rect]);
  }
  const nodes = [...byColor].map(([fill, rects]) => `<g fill="${fill}">${rects.join('')}</g>`);

  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="${width}" height="${height}" fill="#fff"/>` +
    `<g fill="none" stroke="${edgeColor}" stroke-width="${round(Math.max(0.5, 2 * scale))}">${edges.join('')}</g>` +
    nodes.join('') +
    `</svg>`;
  return `data:image/svg+xml;base64,${toBase64(svg)}`;
}
