import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { customNodeType, type CustomNodeBodyInput } from '@ponte/shared/custom-nodes.schema';
import { flowSchema } from '@ponte/shared/flows.schema';
import { nodeLibrarySchema } from '@ponte/shared/flow/node-manifest.schema';
import { messages } from '@ponte/shared/messages';
import { customers } from '../../db/schema';
import { chain, createFlow } from '../../test/flow-fixtures';
import { useTestApp, type TestAccount } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { connectorBody, createConnector, dataUrlImage } from './custom-node-fixtures';

const m = messages.customNodes;

describeEachDriver("custom connectors in the workspace's library", (driver) => {
  const t = useTestApp(driver);
  const api = (account: TestAccount) => t.request(account.token);

  const libraryOf = async (account: TestAccount) => {
    const res = await api(account).get('/engine/library');
    expect(res.statusCode, res.body).toBe(200);
    return nodeLibrarySchema.parse(res.json());
  };
  const save = async (account: TestAccount, id: string, body: CustomNodeBodyInput) => {
    const res = await api(account).put(`/api/v1/custom-nodes/${id}`, body);
    expect(res.statusCode, res.body).toBe(200);
  };
  /** A flow document: the manual trigger, then the connector pinned to `version`. */
  const usingConnector = (id: string, version = 1) => {
    const doc = chain(
      { type: 'core_manual_trigger' },
      { type: customNodeType(id), params: { cep: '01001000' } },
    );
    return {
      ...doc,
      nodes: doc.nodes.map((node, i) => (i ? { ...node, typeVersion: version } : node)),
    };
  };

  it("lists the workspace's connectors beside the built-ins, never another workspace's", async () => {
    const owner = await t.createAccount();
    const stranger = await t.createAccount();
    const image = dataUrlImage(200);
    const connector = await createConnector(
      api(owner),
      connectorBody('Consulta CEP', { imageData: image, service_name: 'viacep' }),
    );
    const type = customNodeType(connector._id);

    const own = await libraryOf(owner);
    const listed = own.nodes.find((node) => node.type === type);
    expect(listed).toMatchObject({
      label: 'Consulta CEP',
      category: 'action',
      version: 1,
      custom: { id: connector._id, image, service_name: 'viacep' },
      params: { cep: { type: 'text', label: 'Parâmetro cep' } },
    });
    expect(listed!.available).toBeUndefined();
    expect(own.nodes.some((node) => node.type === 'core_code')).toBe(true);

    const other = await libraryOf(stranger);
    expect([...other.nodes, ...other.olderVersions].some((node) => node.type === type)).toBe(false);
    expect(other.nodes.some((node) => node.type === 'core_code')).toBe(true);
  });

  it('lists the newest version in the palette and the older ones apart; a disabled connector is unavailable with its reason; a removed one only among the older versions', async () => {
    const account = await t.createAccount();
    const connector = await createConnector(api(account), connectorBody('Consulta CEP'));
    const type = customNodeType(connector._id);
    const second = 'async function handler(msg) { return { payload: 2 }; }';
    await save(
      account,
      connector._id,
      connectorBody('Consulta CEP', { code_execution_content: second }),
    );
    let library = await libraryOf(account);
    expect(library.nodes.filter((node) => node.type === type).map((node) => node.version)).toEqual([
      2,
    ]);
    expect(
      library.olderVersions.filter((node) => node.type === type).map((node) => node.version),
    ).toEqual([1]);

    await save(
      account,
      connector._id,
      connectorBody('Consulta CEP', { code_execution_content: second, enabled: false }),
    );
    library = await libraryOf(account);
    expect(library.nodes.find((node) => node.type === type)).toMatchObject({
      available: false,
      unavailableReason: m.connectorDisabled('Consulta CEP'),
    });

    expect((await api(account).delete(`/api/v1/custom-nodes/${connector._id}`)).statusCode).toBe(
      204,
    );
    library = await libraryOf(account);
    expect(library.nodes.some((node) => node.type === type)).toBe(false);
    const removed = library.olderVersions.filter((node) => node.type === type);
    expect(removed.map((node) => [node.version, node.unavailableReason])).toEqual([
      [1, m.connectorRemoved('Consulta CEP')],
      [2, m.connectorRemoved('Consulta CEP')],
    ]);
  });

  it("lets a flow use its workspace's connector, not another workspace's (an unknown type)", async () => {
    const owner = await t.createAccount();
    const stranger = await t.createAccount();
    const connector = await createConnector(api(owner), connectorBody('Consulta CEP'));
    const data = usingConnector(connector._id);

    await createFlow(t, owner, data);
    const refused = await api(stranger).post('/api/v1/flows', {
      name: 'Alheio',
      enabled: true,
      data,
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.body).toContain('usa um tipo desconhecido');

    const validate = async (account: TestAccount) => {
      const res = await api(account).post('/engine/schema-validator/flow-data', { data });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { errors: { code: string }[] }).errors.map((issue) => issue.code);
    };
    expect(await validate(owner)).not.toContain('unknown_type');
    expect(await validate(stranger)).toContain('unknown_type');
  });

  it('saves a flow holding a disabled or removed connector disabled, and refuses to enable it naming the connector', async () => {
    const account = await t.createAccount();
    const connector = await createConnector(
      api(account),
      connectorBody('Consulta CEP', { enabled: false }),
    );
    const data = usingConnector(connector._id);
    const draft = flowSchema.parse(
      (await api(account).post('/api/v1/flows', { name: 'Rascunho', enabled: false, data })).json(),
    );
    const enable = await api(account).put(`/api/v1/flows/${draft._id}`, { enabled: true });
    expect(enable.statusCode, enable.body).toBe(400);
    expect(enable.json()).toMatchObject({ message: m.connectorDisabled('Consulta CEP') });

    expect((await api(account).delete(`/api/v1/custom-nodes/${connector._id}`)).statusCode).toBe(
      204,
    );
    const again = await api(account).put(`/api/v1/flows/${draft._id}`, { enabled: true });
    expect(again.statusCode, again.body).toBe(400);
    expect(again.json()).toMatchObject({ message: m.connectorRemoved('Consulta CEP') });
    expect(m.connectorRemoved('Consulta CEP')).toContain('foi removido');
  });

  it('refuses to enable a flow whose connector param holds a {{ }} that cannot be read', async () => {
    const account = await t.createAccount();
    const connector = await createConnector(api(account), connectorBody('Consulta CEP'));
    const data = usingConnector(connector._id);
    data.nodes[1]!.params = { cep: '{{ msg.payload.cep & }}' };
    const refused = await api(account).post('/api/v1/flows', { name: 'CEP', enabled: true, data });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().details).toEqual([
      {
        field: 'n1',
        message:
          'O conector "Consulta CEP": o parâmetro "Parâmetro cep" tem uma expressão que não pode ' +
          'ser lida: S0207: Fim inesperado da expressão (posição 17)',
      },
    ]);
    data.nodes[1]!.params = { cep: '{{ {"cep": {"v": msg.payload.cep}}.cep.v }}' };
    const accepted = await api(account).post('/api/v1/flows', { name: 'CEP', enabled: true, data });
    expect(accepted.statusCode, accepted.body).toBe(201);
  });

  it('refuses a node pinned to a version the connector does not have', async () => {
    const account = await t.createAccount();
    const connector = await createConnector(api(account), connectorBody('Consulta CEP'));
    const res = await api(account).post('/api/v1/flows', {
      name: 'Futuro',
      enabled: false,
      data: usingConnector(connector._id, 2),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain('versão 2');
  });

  it("counts custom nodes against the customer's node limit", async () => {
    const account = await t.createAccount();
    const connector = await createConnector(api(account), connectorBody('Consulta CEP'));
    await t.database.db
      .update(customers)
      .set({ config: { node_limit: 1 } })
      .where(eq(customers.id, account.customerId));
    const res = await api(account).post('/api/v1/flows', {
      name: 'Grande',
      data: usingConnector(connector._id),
    });
    expect(res.statusCode, res.body).toBe(429);
    expect(res.json()).toMatchObject({ code: 'node_limit' });
  });
});
