// What a version costs a save (docs/adr/0103): a flow of N `core_set` nodes saved through the
// flows service, which writes the row with a compare-and-set and its version in one
// transaction, beside the same row update alone (what a save wrote before versions), in
// alternating rounds on the same database; and the bytes a version keeps.
// Usage: node bench/run-ts.mjs bench/flow-save.ts [saves per round] [nodes] [postgres-url]
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createRegistry } from '../packages/engine/src/kit/registry.ts';
import { setNode } from '../packages/engine/src/nodes/actions/set/set.node.ts';
import { openBenchDatabase } from './support/bench-database.ts';
import { customers, users, workspaces } from '../apps/server/src/db/schema.ts';
import { createFlowsRepository } from '../apps/server/src/modules/flows/flows.repository.ts';
import { createFlowsService } from '../apps/server/src/modules/flows/flows.service.ts';
import { createVersionsService } from '../apps/server/src/modules/versions/versions.service.ts';

const saves = Number(process.argv[2] ?? 200);
const size = Number(process.argv[3] ?? 50);
const serverUrl = process.argv[4] ?? process.env.PONTE_TEST_DATABASE_URL ?? null;

const { handle, cleanup } = await openBenchDatabase('ponte-flow-save', serverUrl);
const db = handle.db;
const workspaceId = randomUUID();
const customerId = randomUUID();
const userId = randomUUID();
await db.insert(customers).values({ id: customerId, name: 'Bench' });
await db.insert(workspaces).values({ id: workspaceId, customerId, name: 'Bench' });
await db.insert(users).values({
  id: userId,
  customerId,
  email: 'bench@exemplo.com.br',
  name: 'Bench',
  passwordHash: 'x',
});

const library = createRegistry([setNode]);
const now = () => new Date();
const versions = createVersionsService({ db, now, nameOf: async () => 'Bench' });
const service = createFlowsService({ db, now, lookup: library.manifest, versions });
const repository = createFlowsRepository(db);

/** A chain of `size` Set nodes, the `round`-th value in each. */
function documentOf(round: number) {
  const nodes = Array.from({ length: size }, (_, i) => ({
    uid: `n${i}`,
    type: 'core_set',
    typeVersion: 1,
    position: { x: i * 200, y: 0 },
    params: { fields: [{ key: 'payload.total', value: `{{ msg.payload.total + ${round} }}` }] },
  }));
  const edges = nodes.slice(1).map((node, i) => ({
    id: `e${i}`,
    source: nodes[i]!.uid,
    sourceOutput: 'default',
    target: node.uid,
  }));
  return { version: 1, nodes, edges };
}

const flow = await service.create(workspaceId, {
  name: 'Bench',
  enabled: false,
  group: null,
  variables: [],
  data: documentOf(0),
  description: '',
  config: { rate_limit: 0, save_executions: 'default', continue_unawaited: true },
});

let round = 0;
async function versioned(): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < saves; i++) {
    const current = await service.get(workspaceId, flow._id);
    await service.update(
      workspaceId,
      flow._id,
      { data: documentOf(++round), version: current.version },
      { publicBase: 'http://localhost', stamp: { userId, based: current.version } },
    );
  }
  return (performance.now() - start) / saves;
}

async function rowOnly(): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < saves; i++) {
    const current = await service.get(workspaceId, flow._id);
    // What a save wrote before versions: the checked document on the row, nothing else.
    await service.check(workspaceId, { data: documentOf(++round), enabled: false });
    await repository.updateVersion(
      workspaceId,
      flow._id,
      current.version,
      { data: documentOf(round) },
      now(),
    );
  }
  return (performance.now() - start) / saves;
}

await versioned();
await rowOnly();
const results: { versioned: number; rowOnly: number }[] = [];
for (let r = 0; r < 3; r++) {
  const a = r % 2 ? await rowOnly() : await versioned();
  const b = r % 2 ? await versioned() : await rowOnly();
  results.push(r % 2 ? { rowOnly: a, versioned: b } : { versioned: a, rowOnly: b });
}
const median = (values: number[]) => values.sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
const v = median(results.map((r) => r.versioned));
const o = median(results.map((r) => r.rowOnly));
const [bytes] = (
  await db.execute(
    sql`select avg(pg_column_size(document))::int as avg from resource_versions where resource_id = ${flow._id}`,
  )
).rows as { avg: number }[];
console.log(
  `database: ${serverUrl ? 'PostgreSQL' : 'embedded (PGlite)'}; ${size} nodes; ${saves} saves per round, 3 rounds alternating`,
);
console.log(`save with its version: ${v.toFixed(2)} ms (median of rounds)`);
console.log(`row update alone:      ${o.toFixed(2)} ms`);
console.log(`ratio: ${(v / o).toFixed(2)}`);
console.log(`bytes kept per version (pg_column_size of the document): ${bytes?.avg}`);
await handle.close();
await cleanup();
