import { commentText } from '../js-comment';

/**
 * The JavaScript put around a Node-RED function's code so it runs in Ponte's code node with
 * what it expects: `node` (log, warn, error, send, done, status), `context`, `flow`, `global`
 * (the execution's flow data), `env.get` (variables, read before the code runs) and `RED.util`.
 */

/** Names read with `env.get("NAME")` literally: fetched from the variables before the code runs. */
export function envNames(code: string): string[] {
  return [
    ...new Set([...code.matchAll(/env\.get\(\s*(["'])([^"'\n]+)\1\s*\)/g)].map((m) => m[2]!)),
  ];
}

/** A flow-data key made of the node's id (ids hold dots, which are path separators). */
export function outputKey(id: string): string {
  return `__saida_${id.replace(/[^\w]/g, '_')}`;
}

export interface PreludeOptions {
  id: string;
  name: string;
  code: string;
  outputs: number;
  /** The chosen output goes to flow data for the 'Switch' after the code (0: none). */
  routed: boolean;
}

function indent(code: string): string {
  return code
    .split('\n')
    .map((line) => (line ? `  ${line}` : line))
    .join('\n');
}

const contextHelpers = `const __store = (prefix) => ({
  get: (key) => { const value = getFlowData(prefix + key); return value === null ? undefined : value; },
  set: (key, value) => setFlowData(prefix + key, value === undefined ? null : value),
  keys: () => Object.keys(getFlowData(prefix.slice(0, -1)) ?? {}),
});`;

/** The code of the Ponte node: prelude, the original as the body of a function, the routing. */
export function functionCode(options: PreludeOptions): string {
  const { id, name, code, outputs, routed } = options;
  const env = envNames(code);
  const lines = [
    `// Importado do Node-RED: função "${commentText(name)}" (${commentText(id)}).`,
    '// As linhas até "Código original" imitam o ambiente do Node-RED no Ponte.',
    'const __sent = [];',
    'const node = {',
    `  id: ${JSON.stringify(id)}, name: ${JSON.stringify(name)},`,
    '  log: (...a) => console.log(...a), warn: (...a) => console.warn(...a),',
    '  error: (e, m) => { if (m) throw (e instanceof Error ? e : new Error(String(e))); console.error(String(e)); },',
    '  send: (m) => { __sent.push(m); }, done: () => {}, status: () => {}, on: () => {},',
    '};',
    contextHelpers,
    "const flow = __store('');",
    "const global = __store('global.');",
    `const context = { ...__store(${JSON.stringify(`contexto.${outputKey(id)}.`)}), flow, global };`,
    `const __env = {${env.map((key) => ` ${JSON.stringify(key)}: await getVar(${JSON.stringify(key)}),`).join('')} };`,
    'const env = { get: (key) => __env[key] };',
    'const RED = { util: { cloneMessage: (m) => JSON.parse(JSON.stringify(m)) } };',
    '// Código original:',
    'const __result = await (async () => {',
    indent(code),
    '})();',
  ];
  lines.push(...(routed ? routing(id, outputs) : ['return __result;']), '');
  return lines.join('\n');
}

/** Node-RED's sending rules: a message goes to output 1, an array spreads over the outputs. */
function routing(id: string, outputs: number): string[] {
  return [
    '// Saídas: a primeira mensagem enviada segue pela sua saída (o Switch a seguir).',
    'const __first = (sent) => {',
    '  if (sent === null || sent === undefined) return null;',
    '  const ports = Array.isArray(sent) ? sent : [sent];',
    `  for (let port = 0; port < Math.min(ports.length, ${outputs}); port++) {`,
    '    const item = Array.isArray(ports[port]) ? ports[port].find((m) => m) : ports[port];',
    '    if (item) return { port: port + 1, msg: item };',
    '  }',
    '  return null;',
    '};',
    'const __chosen = [...__sent, __result].map(__first).find((c) => c) ?? null;',
    `setFlowData(${JSON.stringify(outputKey(id))}, __chosen ? __chosen.port : 0);`,
    'return __chosen ? __chosen.msg : msg;',
  ];
}
