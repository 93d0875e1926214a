/** The longest tool name: MCP allows 128 characters, some clients fewer. */
const toolNameMax = 64;

/**
 * A flow's name as an MCP tool name (letters, digits and `_`): accents dropped, lower case,
 * every other run of characters one `_` ('Consultar CEP — v2' → 'consultar_cep_v2').
 */
export function toolSlug(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, toolNameMax - 4)
    .replace(/_+$/, '');
  return slug || 'flow';
}

/**
 * The tool name of each flow, by id (docs/adr/0098). Given the flows oldest first, the first
 * keeps its slug and each later flow whose slug is taken gets `_2`, `_3`…: a flow's name only
 * changes when it is renamed or an older flow of the same slug appears or goes.
 */
export function mcpToolNames(flows: readonly { id: string; name: string }[]): Map<string, string> {
  const names = new Map<string, string>();
  const taken = new Set<string>();
  for (const flow of flows) {
    const base = toolSlug(flow.name);
    let name = base;
    for (let n = 2; taken.has(name); n += 1) name = `${base}_${n}`;
    taken.add(name);
    names.set(flow.id, name);
  }
  return names;
}
