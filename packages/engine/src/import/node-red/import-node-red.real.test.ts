import { describe, expect, it } from 'vitest';
import { validateFlow } from '@ponte/shared/flow/flow-validator';
import { createRegistry } from '../../kit/registry';
import { builtinNodes } from '../../nodes/index';
import type { ImportedFlow, NodeImportStatus } from '../import-result';
import { nodeRedFixture, nodeRedFixtures } from '../fixtures/fixture-files';
import { importNodeRed } from './import-node-red';
import type { NrNode } from './node-red-export';

/**
 * Real Node-RED flows (Node-RED's own examples, fixtures/node-red/README.md): every node of
 * the file is in the report once, the counts per status are the hand-checked ones of
 * expected-reports.json, and every flow made passes Ponte's flow validator.
 */
const files = Object.keys(nodeRedFixtures).filter(
  (file) =>
    !file.includes('.node-red-output') &&
    !['fidelity-cases.json', 'expected-reports.json'].includes(file),
);
const expected = nodeRedFixture('expected-reports.json') as Record<
  string,
  Record<string, Partial<Record<NodeImportStatus, number>>>
>;
const library = createRegistry(builtinNodes);

const read = (file: string) => nodeRedFixture(file) as NrNode[];

function counts(flow: ImportedFlow): Partial<Record<NodeImportStatus, number>> {
  const out: Partial<Record<NodeImportStatus, number>> = {};
  for (const entry of flow.report) out[entry.status] = (out[entry.status] ?? 0) + 1;
  return out;
}

/** As whoever creates the flows does: a call to another flow of the import gets its id. */
function withFlowRefs(flow: ImportedFlow) {
  const refs = new Set(flow.flow_refs.map((ref) => ref.node_uid));
  return {
    ...flow.data,
    nodes: flow.data.nodes.map((node) =>
      refs.has(node.uid) ? { ...node, params: { ...node.params, flow: 'flow-criado' } } : node,
    ),
  };
}

describe('real Node-RED flows', () => {
  it('are at least ten, each with its expected report', () => {
    expect(files.length).toBeGreaterThanOrEqual(10);
    expect(Object.keys(expected).sort()).toEqual([...files].sort());
  });

  it.each(files)('%s: every node reported once, counts as expected, valid flows', (file) => {
    const nodes = read(file);
    const result = importNodeRed(nodes);
    const reported = result.flows.flatMap((flow) =>
      flow.report.map((entry) => `${entry.original_type}|${entry.original_name}`),
    );
    const originals = nodes
      .filter((node) => node.type !== 'tab' && node.type !== 'subflow')
      .map(
        (node) =>
          `${node.type}|${(typeof node.name === 'string' && node.name.trim()) || node.type}`,
      );
    expect(reported.sort()).toEqual(originals.sort());
    expect(Object.fromEntries(result.flows.map((flow) => [flow.name, counts(flow)]))).toEqual(
      expected[file],
    );
    for (const flow of result.flows) {
      const errors = validateFlow(withFlowRefs(flow), library.manifest, {
        checkParams: library.checkParams,
      }).filter((issue) => issue.level === 'error');
      expect(errors, flow.name).toEqual([]);
      const uids = new Set(flow.data.nodes.map((node) => node.uid));
      for (const entry of flow.report) if (entry.node_uid) expect(uids).toContain(entry.node_uid);
      // An adapted or untranslated node says what changed, or why.
      for (const entry of flow.report)
        if (entry.status !== 'translated')
          expect(entry.notes.length, entry.original_name).toBeGreaterThan(0);
    }
  });
});
