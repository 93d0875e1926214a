import { afterAll, describe, expect, it } from 'vitest';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import { structuralIssueCodes, validateFlow } from '@ponte/shared/flow/flow-validator';
import { createEngine } from '../../engine';
import { createFakePorts } from '../../testing/fake-ports';
import type { ImportedFlow } from '../import-result';
import { importN8n } from './import-n8n';

/**
 * Real n8n workflows (from n8n's own repository, fixtures/n8n/README.md): every node is reported
 * once with the counts checked by hand, every flow passes Ponte's validator, and the flows made
 * only of supported nodes give what n8n gave for the same input (recorded once by
 * bench/import-fidelity/record-n8n.mjs).
 */
const files = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>('../fixtures/n8n/*.json', {
      eager: true,
      query: '?raw',
      import: 'default',
    }),
  ).map(([path, text]) => [path.split('/').at(-1)!, text]),
);
const read = (name: string) => {
  if (!(name in files)) throw new Error(`Falta o arquivo ${name} em fixtures/n8n.`);
  return JSON.parse(files[name]!) as unknown;
};
const workflowFiles = Object.keys(files)
  .filter((name) => !name.endsWith('.n8n-output.json'))
  .filter((name) => !['expected-reports.json', 'fidelity-cases.json'].includes(name))
  .sort();
const expected = read('expected-reports.json') as Record<string, Record<string, number>>;

const engine = createEngine({ ports: createFakePorts(), limits: { maxSteps: 1000 } });
afterAll(() => engine.dispose());

const counts = (flow: ImportedFlow) =>
  Object.fromEntries(
    ['translated', 'adapted', 'not_translated'].map((status) => [
      status,
      flow.report.filter((entry) => entry.status === status).length,
    ]),
  );

describe('real n8n workflows', () => {
  it('are at least 20, each with a checked expectation', () => {
    expect(workflowFiles.length).toBeGreaterThanOrEqual(20);
    expect(Object.keys(expected).sort()).toEqual(workflowFiles);
  });

  it.each(workflowFiles)(
    '%s: every node reported once, the counts as checked, a valid flow',
    (file) => {
      const original = read(file) as { nodes: Array<{ name: string }> };
      const [flow] = importN8n(original).flows;
      expect(flow!.report.map((entry) => entry.original_name).sort()).toEqual(
        original.nodes.map((node) => node.name).sort(),
      );
      expect(counts(flow!)).toEqual(expected[file]);
      const issues = validateFlow(flow!.data, engine.registry.manifest, {
        checkParams: (node) => engine.registry.checkParams(node),
      });
      expect(issues.filter((issue) => structuralIssueCodes.includes(issue.code))).toEqual([]);
      for (const entry of flow!.report) {
        if (entry.status !== 'translated') expect(entry.notes.length).toBeGreaterThan(0);
      }
    },
  );
});

interface FidelityCase {
  file: string;
  input: Record<string, unknown>[];
  compare: string[];
}

/** n8n's recording: for each compared node, the items of each output (null: it did not run). */
interface Recording {
  nodes: Record<string, unknown[][] | null>;
}

/** The message's payload as n8n items: a list is several items, anything else one. */
const itemsOf = (payload: unknown) => (Array.isArray(payload) ? payload : [payload]);

/** The n8n output index of a Ponte output (IF: true 0, false 1; Switch: its rule's place). */
function outputIndex(node: FlowDocument['nodes'][number], output: string): number {
  if (node.type === 'core_condition') return output === 'true' ? 0 : 1;
  if (node.type === 'core_switch') {
    const rules = node.params.rules as Array<{ output: string }>;
    return rules.findIndex((rule) => rule.output === output);
  }
  return 0;
}

async function runPonte(flow: ImportedFlow, input: Record<string, unknown>[]) {
  const outputs = new Map<string, unknown[][]>();
  const trigger = flow.data.nodes.find((node) => node.type === 'core_manual_trigger')!;
  const result = await engine.execute({
    executionId: 'fidelidade',
    workspaceId: 'w',
    flowId: 'f',
    flow: flow.data,
    trigger: { nodeUid: trigger.uid, msg: { payload: input.length === 1 ? input[0] : input } },
    capture: (record) => {
      const node = flow.data.nodes.find((n) => n.uid === record.node_uid)!;
      const lists = outputs.get(node.label!) ?? [];
      for (const { output, json } of record.outputs) {
        const index = outputIndex(node, output);
        if (index < 0) continue;
        (lists[index] ??= []).push(...itemsOf((JSON.parse(json) as { payload: unknown }).payload));
      }
      outputs.set(node.label!, lists);
    },
  });
  return { result, outputs };
}

/** Trailing empty outputs say nothing; n8n lists them, Ponte does not send on them. */
const trimmed = (lists: unknown[][] | null | undefined) => {
  if (!lists) return null;
  const copy = Array.from(lists, (list) => list ?? []);
  while (copy.length && !copy.at(-1)!.length) copy.pop();
  return copy;
};

const cases = read('fidelity-cases.json') as FidelityCase[];

describe('translated flows give the output n8n gave for the same input', () => {
  it('covers at least 8 workflows made only of supported nodes', () => {
    expect(cases.length).toBeGreaterThanOrEqual(8);
  });

  it.each(cases.map((c) => [c.file, c] as const))('%s', async (file, fidelity) => {
    const [flow] = importN8n(read(file)).flows;
    expect(flow!.report.every((entry) => entry.status !== 'not_translated')).toBe(true);
    const problems = validateFlow(flow!.data, engine.registry.manifest, {
      checkParams: (node) => engine.registry.checkParams(node),
    }).filter((issue) => issue.level === 'error');
    expect(problems).toEqual([]);
    const recording = read(file.replace(/\.json$/, '.n8n-output.json')) as Recording;
    const { result, outputs } = await runPonte(flow!, fidelity.input);
    expect(result.status, JSON.stringify(result.error)).toBe('success');
    for (const name of fidelity.compare) {
      expect({ node: name, items: trimmed(outputs.get(name)) }).toEqual({
        node: name,
        items: trimmed(recording.nodes[name]),
      });
    }
  });
});

describe("what n8n's own node tests pin as a node's output", () => {
  // n8n's node test workflows carry their expected output in `pinData`, by node name.
  it('merge-append.json: the Merge sends the items of both inputs as one list, in order', async () => {
    const workflow = read('merge-append.json') as {
      pinData: Record<string, Array<{ json: unknown }>>;
    };
    const [flow] = importN8n(workflow).flows;
    const { result, outputs } = await runPonte(flow!, [{}]);
    expect(result.status, JSON.stringify(result.error)).toBe('success');
    expect(outputs.get('Merge')).toEqual([workflow.pinData.Merge!.map((item) => item.json)]);
  });
});
