import { readdirSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { flowImportCreatedSchema } from '@ponte/shared/flow-import.schema';
import { structuralIssueCodes } from '@ponte/shared/flow/flow-validator';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';

/**
 * The real exports the importers are tested on (n8n's and Node-RED's own workflows, sources and
 * licences in their READMEs) go through the API as a person's file would: each becomes flows the
 * workspace keeps, with the save rules of any flow (docs/adr/0138).
 */
const fixtures = new URL('../../../../../packages/engine/src/import/fixtures/', import.meta.url);
const exportsOf = (folder: string, skip: RegExp) =>
  readdirSync(new URL(`${folder}/`, fixtures))
    .filter((name) => name.endsWith('.json') && !skip.test(name))
    .sort()
    .map((name) => ({
      name,
      document: JSON.parse(readFileSync(new URL(`${folder}/${name}`, fixtures), 'utf8')) as unknown,
    }));

const n8n = exportsOf('n8n', /^(expected-reports|fidelity-cases)\.json$|\.n8n-output\.json$/);
const nodeRed = exportsOf(
  'node-red',
  /^(expected-reports|fidelity-cases)\.json$|\.node-red-output\.json$/,
);

describeEachDriver('flow import of real exports', (driver) => {
  const t = useTestApp(driver);

  it('creates a flow for every real n8n workflow and Node-RED tab, disabled, with every node', async () => {
    expect(n8n.length).toBeGreaterThanOrEqual(20);
    expect(nodeRed.length).toBeGreaterThanOrEqual(10);
    const account = await t.createAccount();
    const cases = [
      ...n8n.map((each) => ({ ...each, source: 'n8n' })),
      ...nodeRed.map((each) => ({ ...each, source: 'node-red' })),
    ];
    for (const { name, document, source } of cases) {
      const res = await t.request(account.token).post('/api/v1/flows/import-from', {
        source,
        document,
      });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
      const created = flowImportCreatedSchema.parse(res.json());
      for (const flow of created.flows) {
        const stored = await t.request(account.token).get(`/api/v1/flows/${flow._id}`);
        expect(stored.statusCode).toBe(200);
        expect(stored.json().enabled).toBe(false);
        const uids = new Set(
          (stored.json().data.nodes as { uid: string }[]).map((node) => node.uid),
        );
        // The engine's validator finds no broken structure (a draft may still miss values).
        const checked = await t
          .request(account.token)
          .post('/engine/schema-validator/flow-data', { data: stored.json().data });
        const broken = (checked.json().errors as { code: string }[]).filter((issue) =>
          structuralIssueCodes.includes(issue.code as (typeof structuralIssueCodes)[number]),
        );
        expect(broken, name).toEqual([]);
        // Every reported node that became a Ponte node is in the stored flow.
        for (const row of flow.report)
          if (row.node_uid)
            expect(uids.has(row.node_uid), `${name}: ${row.original_name}`).toBe(true);
      }
    }
  }, 120_000);
});
