import { expect, it } from 'vitest';
import { nodeLibrarySchema } from '@ponte/shared/flow/node-manifest.schema';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import {
  flowTestNodes,
  formDocument,
  testDocument,
  unavailableDocument,
  unavailableTestReason,
} from '../flows/flows-test-nodes';

describeEachDriver('engine API', (driver) => {
  const t = useTestApp(driver, { nodes: flowTestNodes });

  it('serves the node library without code, built-ins and extra types together', async () => {
    const api = t.request((await t.createAccount()).token);
    const res = await api.get('/engine/library');
    expect(res.statusCode).toBe(200);
    const { nodes } = nodeLibrarySchema.parse(res.json());
    const types = nodes.map((node) => node.type);
    expect(types).toEqual(
      expect.arrayContaining(['core_log', 'core_condition', 'core_loop', 'test_trigger']),
    );
    const condition = nodes.find((node) => node.type === 'core_condition');
    expect(condition).toMatchObject({
      category: 'flow_control',
      label: 'Condição',
      outputs: { true: {}, false: {} },
    });
    expect(res.body).not.toContain('"run"');
  });

  it('marks the nodes whose area does not exist yet, with the reason, and lists older versions', async () => {
    const api = t.request((await t.createAccount()).token);
    const library = nodeLibrarySchema.parse((await api.get('/engine/library')).json());
    const unavailable = library.nodes
      .filter((node) => node.available === false)
      .map((node) => [node.type, node.unavailableReason]);
    expect(unavailable.sort()).toEqual([['test_sem_area', unavailableTestReason]]);
    expect(library.nodes.find((node) => node.type === 'core_log')).not.toHaveProperty('available');
    // Every built-in type has one version so far.
    expect(library.olderVersions).toEqual([]);
  });

  it('refuses to import a node whose area does not exist yet or whose version is gone', async () => {
    const api = t.request((await t.createAccount()).token);
    const unavailable = await api.post('/engine/schema-validator/flow-data', {
      data: unavailableDocument(),
    });
    expect(unavailable.json()).toMatchObject({
      isValid: false,
      errors: [
        {
          code: 'unavailable_type',
          message: `O conector "Sem área" (test_sem_area) ainda não pode ser usado nesta instalação. ${unavailableTestReason}`,
        },
      ],
    });
    // Forms exist: a 'Formulário' trigger naming a form is a trigger like any other.
    const form = await api.post('/engine/schema-validator/flow-data', {
      data: formDocument('f-pedidos'),
    });
    expect(form.json()).toEqual({ isValid: true, errors: [] });
    const data = testDocument(1);
    data.nodes[1] = { ...data.nodes[1]!, typeVersion: 3 } as (typeof data.nodes)[number];
    const gone = await api.post('/engine/schema-validator/flow-data', { data });
    expect(gone.json()).toMatchObject({ isValid: false, errors: [{ code: 'unknown_version' }] });
  });

  it('validates an exported flow file: structure decides, drafts and fragments import', async () => {
    const api = t.request((await t.createAccount()).token);
    const valid = await api.post('/engine/schema-validator/flow-data', {
      name: 'Exportado',
      data: testDocument(1),
      variables: [],
    });
    expect(valid.json()).toEqual({ isValid: true, errors: [] });

    const fragment = testDocument(1, { url: '' });
    fragment.nodes.shift();
    fragment.edges = [];
    const draft = await api.post('/engine/schema-validator/flow-data', { data: fragment });
    expect(draft.json().isValid).toBe(true);
    expect(draft.json().errors.map((e: { code: string }) => e.code)).toEqual([
      'required_param',
      'no_trigger',
    ]);

    const unknown = testDocument(['nao_existe']);
    const broken = await api.post('/engine/schema-validator/flow-data', unknown);
    expect(broken.json()).toMatchObject({ isValid: false, errors: [{ code: 'unknown_type' }] });

    const garbage = await api.post('/engine/schema-validator/flow-data', { data: { nodes: 3 } });
    expect(garbage.json().isValid).toBe(false);
  });

  it('needs a session', async () => {
    expect((await t.request(null).get('/engine/library')).statusCode).toBe(401);
    expect((await t.request(null).post('/engine/schema-validator/flow-data', {})).statusCode).toBe(
      401,
    );
  });
});
