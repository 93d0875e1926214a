import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { flows } from '../../db/schema';
import { migrationsDir } from '../../package-root';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import {
  flowTestNodes,
  formDocument,
  testDocument,
  unavailableDocument,
  unavailableTestReason,
} from './flows-test-nodes';

const m = messages.flows;
const migration = readFileSync(join(migrationsDir, '0006_flow_node_type_version.sql'), 'utf8');

describeEachDriver('flow node versions', (driver) => {
  const t = useTestApp(driver, { nodes: flowTestNodes });

  const storedNodes = async (id: string) => {
    const [row] = await t.database.db.select().from(flows).where(eq(flows.id, id));
    return (row!.data as { nodes: Record<string, unknown>[] }).nodes;
  };

  it('stores version 1 for a node sent without typeVersion (an older export)', async () => {
    const api = t.request((await t.createAccount()).token);
    const created = await api.post('/api/v1/flows', { name: 'Antigo', data: testDocument(1) });
    expect(created.statusCode).toBe(201);
    expect((await storedNodes(created.json()._id)).map((node) => node.typeVersion)).toEqual([1, 1]);
  });

  it('pins every node of a flow stored before versions to version 1, once', async () => {
    const api = t.request((await t.createAccount()).token);
    const created = await api.post('/api/v1/flows', { name: 'Guardado', data: testDocument(2) });
    const id = created.json()._id as string;
    const legacy = testDocument(2);
    legacy.nodes[2] = { ...legacy.nodes[2]!, typeVersion: 2 } as (typeof legacy.nodes)[number];
    await t.database.db.update(flows).set({ data: legacy }).where(eq(flows.id, id));
    expect((await storedNodes(id)).map((node) => node.typeVersion)).toEqual([
      undefined,
      undefined,
      2,
    ]);

    await t.database.db.execute(sql.raw(migration));
    const migrated = await storedNodes(id);
    expect(migrated.map((node) => node.typeVersion)).toEqual([1, 1, 2]);
    expect(migrated).toEqual(legacy.nodes.map((node) => ({ typeVersion: 1, ...node })));

    await t.database.db.execute(sql.raw(migration));
    expect(await storedNodes(id)).toEqual(migrated);
    const read = await api.get(`/api/v1/flows/${id}`);
    expect(read.json().data.nodes.map((node: { typeVersion: number }) => node.typeVersion)).toEqual(
      [1, 1, 2],
    );
  });

  it('refuses to save a node pinned to a version this installation no longer has', async () => {
    const api = t.request((await t.createAccount()).token);
    const data = testDocument(1);
    const gone = { ...data, nodes: [data.nodes[0]!, { ...data.nodes[1]!, typeVersion: 4 }] };
    const res = await api.post('/api/v1/flows', { name: 'Versão sumida', data: gone });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'invalid_flow',
      message: m.unusableNodes,
      details: [
        {
          field: gone.nodes[1]!.uid,
          message:
            'O conector "Ação de teste" usa a versão 4 de test_action, que não existe mais nesta instalação.',
        },
      ],
    });
    expect((await api.get('/api/v1/flows')).json().total).toBe(0);
  });

  it('refuses a node whose area does not exist yet, but lets a stored flow holding one be disabled', async () => {
    const api = t.request((await t.createAccount()).token);
    const data = unavailableDocument();
    const refused = await api.post('/api/v1/flows', { name: 'Sem área', data });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'invalid_flow',
      message: m.unusableNodes,
      details: [
        {
          message: `O conector "Sem área" (test_sem_area) ainda não pode ser usado nesta instalação. ${unavailableTestReason}`,
        },
      ],
    });

    // A flow stored before the area was hidden: it cannot be saved again, only disabled.
    const created = await api.post('/api/v1/flows', {
      name: 'Guardado',
      enabled: true,
      data: testDocument(1),
    });
    const id = created.json()._id as string;
    await t.database.db.update(flows).set({ data }).where(eq(flows.id, id));
    const resaved = await api.put(`/api/v1/flows/${id}`, { data });
    expect(resaved.statusCode).toBe(400);
    expect(resaved.json().message).toBe(m.unusableNodes);
    const disabled = await api.put(`/api/v1/flows/${id}`, { enabled: false });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().enabled).toBe(false);
    const enabled = await api.put(`/api/v1/flows/${id}`, { enabled: true });
    expect(enabled.statusCode).toBe(400);
  });

  it('saves and enables a flow started by a form', async () => {
    const api = t.request((await t.createAccount()).token);
    const saved = await api.post('/api/v1/flows', {
      name: 'Recebe o formulário',
      enabled: true,
      data: formDocument('f-pedidos'),
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json().enabled).toBe(true);
  });
});
