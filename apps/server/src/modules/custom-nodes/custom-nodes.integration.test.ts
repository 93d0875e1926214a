import { expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import {
  customNodeListSchema,
  customNodeSchema,
  defaultHandlerCode,
  type CustomNode,
  type CustomNodeBodyInput,
  type CustomNodeParamInput,
} from '@ponte/shared/custom-nodes.schema';
import { messages } from '@ponte/shared/messages';
import { securityLogSchema } from '@ponte/shared/security-log.schema';
import { customNodeVersions } from '../../db/schema';
import { useTestApp, type TestAccount } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { until } from '../../test/until';
import {
  connectorBody as body,
  connectorHandler as handler,
  connectorParam as textParam,
  createConnector,
  dataUrlImage as image,
} from './custom-node-fixtures';
import { customNodeBodyLimit } from './custom-nodes.routes';

const m = messages.customNodes;

describeEachDriver('custom connectors API', (driver) => {
  const t = useTestApp(driver);
  const api = (account: TestAccount) => t.request(account.token);

  const create = (account: TestAccount, connector: CustomNodeBodyInput) =>
    createConnector(api(account), connector);
  async function save(account: TestAccount, id: string, connector: CustomNodeBodyInput) {
    const res = await api(account).put(`/api/v1/custom-nodes/${id}`, connector);
    expect(res.statusCode, res.body).toBe(200);
    return customNodeSchema.parse(res.json());
  }
  const get = async (account: TestAccount, id: string) =>
    customNodeSchema.parse((await api(account).get(`/api/v1/custom-nodes/${id}`)).json());
  const list = async (account: TestAccount, query = '') => {
    const res = await api(account).get(`/api/v1/custom-nodes${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return customNodeListSchema.parse(res.json());
  };
  const versionsOf = async (id: string) =>
    (
      await t.database.db
        .select()
        .from(customNodeVersions)
        .where(eq(customNodeVersions.customNodeId, id))
        .orderBy(asc(customNodeVersions.version))
    ).map((row) => [row.version, row.code, row.params.map((p) => p.name)]);

  it('creates, reads, edits and removes a connector, with the spec defaults', async () => {
    const account = await t.createAccount();
    const group = (await api(account).post('/api/v1/groups', { name: 'Logística' })).json();
    const created = await create(account, {
      name: ' Consulta CEP ',
      description: 'Busca um endereço pelo CEP',
      group: group._id,
      params: [
        textParam('uf', { position: 5 }),
        { ...textParam(' cep '), is_required: true, position: 1 },
        {
          type: 'select',
          name: 'formato',
          label: 'Formato',
          position: 3,
          options: [{ label: 'JSON', value: 'json' }],
        },
      ],
    });
    expect(created).toMatchObject({
      name: 'Consulta CEP',
      service_name: '',
      description: 'Busca um endereço pelo CEP',
      enabled: true,
      imageData: '',
      execution_type: 'custom_code',
      code_execution_content: defaultHandlerCode,
      group: group._id,
      version: 1,
      node_type: `custom_${created._id}`,
      workspace_id: account.workspaceId,
    });
    // Saved in the order of their positions, renumbered, names trimmed.
    expect(created.params.map((p) => [p.name, p.position])).toEqual([
      ['cep', 0],
      ['formato', 1],
      ['uf', 2],
    ]);
    expect(created.params[0]).toEqual({
      name: 'cep',
      label: 'Parâmetro  cep ',
      type: 'text',
      default_value: '',
      is_required: true,
      options: [],
      columns: [],
      position: 0,
    });
    expect(await get(account, created._id)).toEqual(created);

    const edited = await save(account, created._id, {
      ...body('Consulta de CEP', { service_name: 'ViaCEP', enabled: false }),
      group: '',
    });
    expect(edited).toMatchObject({
      name: 'Consulta de CEP',
      service_name: 'ViaCEP',
      enabled: false,
      group: null,
      code_execution_content: handler,
      created_at: created.created_at,
    });
    expect((await save(account, created._id, { ...body('Sem grupo'), group: null })).group).toBe(
      null,
    );

    const removed = await api(account).delete(`/api/v1/custom-nodes/${created._id}`);
    expect(removed.statusCode).toBe(204);
    for (const res of [
      await api(account).get(`/api/v1/custom-nodes/${created._id}`),
      await api(account).put(`/api/v1/custom-nodes/${created._id}`, body('De volta')),
      await api(account).delete(`/api/v1/custom-nodes/${created._id}`),
      await api(account).post(`/api/v1/custom-nodes/duplicate/${created._id}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found', message: m.notFound });
    }
    expect(await list(account)).toEqual({ items: [], total: 0 });
    // Its versions stay for the flows that still hold it.
    expect(await versionsOf(created._id)).toHaveLength(2);
  });

  it('refuses every rule of spec 2 §5 with its message and saves nothing', async () => {
    const account = await t.createAccount();
    const refusal = async (connector: CustomNodeBodyInput) => {
      const res = await api(account).post('/api/v1/custom-nodes', connector);
      expect(res.statusCode, res.body).toBe(400);
      return res.json() as { code: string; message: string; details: unknown[] };
    };

    const empty = await refusal({ name: '  ', description: ' ' });
    expect(empty).toMatchObject({ code: 'validation_error', message: m.nameRequired });
    expect(empty.details).toEqual([
      { field: 'name', message: 'O nome do conector é obrigatório' },
      { field: 'description', message: 'A descrição do conector é obrigatória' },
    ]);
    expect((await refusal(body('x'.repeat(121)))).message).toBe(m.nameTooLong);
    expect((await refusal(body('Desc', { description: 'd'.repeat(2001) }))).message).toBe(
      m.descriptionTooLong,
    );
    expect((await refusal(body('Serviço', { service_name: 's'.repeat(121) }))).message).toBe(
      m.serviceNameTooLong,
    );
    expect((await refusal(body('HTTP', { execution_type: 'http_request' }))).message).toBe(
      m.executionTypeUnavailable,
    );
    expect((await refusal(body('Sem código', { code_execution_content: '  ' }))).message).toBe(
      m.codeRequired,
    );
    expect(
      (await refusal(body('Código longo', { code_execution_content: 'x'.repeat(200_001) })))
        .message,
    ).toBe(m.codeTooLong);
    for (const imageData of [
      'data:text/html;base64,PGgxPg==',
      'data:image/png;base64,não é base64',
      'https://exemplo.com/logo.png',
    ])
      expect((await refusal(body('Imagem', { imageData }))).message).toBe(m.imageInvalid);
    const many = Array.from({ length: 51 }, (_, i) => textParam(`p${i}`));
    expect((await refusal(body('Muitos', { params: many }))).message).toBe(m.tooManyParams);

    const params = await refusal(
      body('Parâmetros', {
        params: [
          textParam('cep'),
          textParam(''),
          textParam('1cep'),
          textParam('cep'),
          textParam('rua', { label: ' ' }),
          { type: 'select', name: 'uf', label: 'UF' },
          { type: 'select', name: 'modo', label: 'Modo', options: [{ label: 'A', value: '' }] },
          { type: 'table-params', name: 'itens', label: 'Itens' },
          {
            type: 'table-params',
            name: 'linhas',
            label: 'Linhas',
            columns: [
              { key: 'a', label: 'A' },
              { key: '', label: 'B' },
              { key: 'a', label: 'C' },
            ],
          },
        ],
      }),
    );
    expect(params.message).toBe(m.paramNameRequired(2));
    expect(params.details).toEqual([
      { field: 'params.1.name', message: 'O nome do parâmetro 2 é obrigatório.' },
      { field: 'params.2.name', message: m.paramNameInvalid(3) },
      { field: 'params.3.name', message: m.paramNameTaken(4) },
      { field: 'params.4.label', message: m.paramLabelRequired(5) },
      { field: 'params.5.options', message: m.paramOptionsRequired(6) },
      { field: 'params.6.options.0', message: m.paramOptionIncomplete(1, 7) },
      { field: 'params.7.columns', message: m.paramColumnsRequired(8) },
      { field: 'params.8.columns.1', message: m.paramColumnIncomplete(2, 9) },
      { field: 'params.8.columns.2', message: m.paramColumnKeyTaken(3, 9) },
    ]);
    // A NUL (PostgreSQL refuses it) or a param of an unknown type fail the schema, in pt-BR.
    expect((await refusal(body('Nulo', { code_execution_content: 'a\u0000b' }))).message).toBe(
      messages.generic.forbiddenCharacterIn('code_execution_content'),
    );
    const unknownType = {
      type: 'date',
      name: 'n',
      label: 'N',
    } as unknown as CustomNodeParamInput;
    expect((await refusal(body('Tipo', { params: [unknownType] }))).code).toBe('validation_error');
    expect(await list(account)).toEqual({ items: [], total: 0 });

    // The same rules on an edit, which then changes nothing.
    const connector = await create(account, body('Válido'));
    const res = await api(account).put(`/api/v1/custom-nodes/${connector._id}`, {
      ...body('Válido'),
      description: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(m.descriptionRequired);
    expect(await get(account, connector._id)).toEqual(connector);
  });

  it('takes an image of 100 000 characters with a 200 KB handler and refuses one more', async () => {
    const account = await t.createAccount();
    const head = 'async function handler(msg) { return msg; }\n//';
    const code = head + 'x'.repeat(200_000 - head.length);
    expect(code).toHaveLength(200_000);
    const largest = await create(
      account,
      body('Imagem grande', { imageData: image(100_000), code_execution_content: code }),
    );
    expect(largest.imageData).toHaveLength(100_000);
    expect(largest.code_execution_content).toBe(code);

    const over = await api(account).post(
      '/api/v1/custom-nodes',
      body('Imagem demais', { imageData: image(100_001) }),
    );
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      message: 'A imagem não pode ser maior que 100Kb',
      details: [{ field: 'imageData', message: m.imageTooLarge }],
    });
    const edited = await api(account).put(
      `/api/v1/custom-nodes/${largest._id}`,
      body('Imagem grande', { imageData: image(100_001) }),
    );
    expect(edited.json().message).toBe(m.imageTooLarge);

    // A body past the route's limit is refused before it is read, in pt-BR.
    const huge = body('Enorme', { imageData: image(customNodeBodyLimit + 1) });
    for (const res of [
      await api(account).post('/api/v1/custom-nodes', huge),
      await api(account).put(`/api/v1/custom-nodes/${largest._id}`, huge),
    ]) {
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({
        statusCode: 413,
        code: 'payload_too_large',
        message: m.tooLarge,
      });
    }
    expect((await list(account)).items.map((c) => c.name)).toEqual(['Imagem grande']);
    expect((await get(account, largest._id)).imageData).toBe(largest.imageData);
  });

  it('makes a new version only when the params or the handler change', async () => {
    const account = await t.createAccount();
    const first = await create(account, body('Versionado'));
    const { _id: id } = first;
    expect(first.version).toBe(1);

    // Rename, describe, disable, image, service name, the same params in another key order.
    const [param] = first.params;
    const reordered = Object.fromEntries(Object.entries(param!).reverse());
    const same = await save(account, id, {
      ...body('Renomeado', { description: 'Outra', service_name: 'S', enabled: false }),
      imageData: image(64),
      params: [reordered as CustomNodeParamInput],
    });
    expect(same.version).toBe(1);
    expect(same.updated_at >= first.updated_at).toBe(true);

    const paramsChanged = await save(account, id, {
      ...body('Renomeado'),
      params: [textParam('cep'), textParam('numero')],
    });
    expect(paramsChanged.version).toBe(2);
    const labelChanged = await save(account, id, {
      ...body('Renomeado'),
      params: [textParam('cep', { label: 'CEP' }), textParam('numero')],
    });
    expect(labelChanged.version).toBe(3);
    const codeChanged = await save(account, id, {
      ...body('Renomeado'),
      params: labelChanged.params,
      code_execution_content: `${handler}\n`,
    });
    expect(codeChanged.version).toBe(4);
    expect(
      (
        await save(account, id, {
          ...body('De novo'),
          params: codeChanged.params,
          code_execution_content: `${handler}\n`,
          enabled: false,
        })
      ).version,
    ).toBe(4);
    expect(await versionsOf(id)).toEqual([
      [1, handler, ['cep']],
      [2, handler, ['cep', 'numero']],
      [3, handler, ['cep', 'numero']],
      [4, `${handler}\n`, ['cep', 'numero']],
    ]);
  });

  it('duplicates a connector disabled, at version 1, leaving the source as it was', async () => {
    const account = await t.createAccount();
    const group = (await api(account).post('/api/v1/groups', { name: 'Fiscal' })).json();
    const source = await create(
      account,
      body('Nota fiscal', { imageData: image(200), service_name: 'SEFAZ', group: group._id }),
    );
    const current = await save(account, source._id, {
      ...body('Nota fiscal', { imageData: image(200), service_name: 'SEFAZ', group: group._id }),
      code_execution_content: `${handler} // v2`,
    });
    expect(current.version).toBe(2);

    const res = await api(account).post(`/api/v1/custom-nodes/duplicate/${source._id}`);
    expect(res.statusCode, res.body).toBe(201);
    const copy = customNodeSchema.parse(res.json());
    expect(copy).toMatchObject({
      name: 'Nota fiscal (cópia)',
      service_name: 'SEFAZ',
      description: current.description,
      enabled: false,
      imageData: current.imageData,
      code_execution_content: current.code_execution_content,
      params: current.params,
      group: group._id,
      version: 1,
      node_type: `custom_${copy._id}`,
    });
    expect(copy._id).not.toBe(source._id);
    expect(await versionsOf(copy._id)).toEqual([[1, `${handler} // v2`, ['cep']]]);
    expect(await get(account, source._id)).toEqual(current);
    expect((await list(account)).items.map((c) => [c.name, c.enabled])).toEqual([
      ['Nota fiscal', true],
      ['Nota fiscal (cópia)', false],
    ]);

    // A name at the limit keeps its suffix and stays within it.
    const long = await create(account, body('N'.repeat(120)));
    const longCopy = (
      await api(account).post(`/api/v1/custom-nodes/duplicate/${long._id}`)
    ).json() as CustomNode;
    expect(longCopy.name).toBe(`${'N'.repeat(112)} (cópia)`);
  });

  it("answers 404 to another workspace's connector, changes nothing and records the attempt", async () => {
    const owner = await t.createAccount();
    const intruder = await t.createAccount({ workspaceName: 'Intruso' });
    const connector = await create(owner, body('Do dono'));
    const other = api(intruder);
    for (const res of [
      await other.get(`/api/v1/custom-nodes/${connector._id}`),
      await other.put(`/api/v1/custom-nodes/${connector._id}`, body('Tomado')),
      await other.delete(`/api/v1/custom-nodes/${connector._id}`),
      await other.post(`/api/v1/custom-nodes/duplicate/${connector._id}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(m.notFound);
    }
    expect(await list(intruder)).toEqual({ items: [], total: 0 });
    expect(await list(owner)).toEqual({ items: [connector], total: 1 });
    expect(await versionsOf(connector._id)).toHaveLength(1);
    const [event] = await until(async () => {
      const { items } = securityLogSchema.parse(
        (await other.get('/account/v1/security-log?kind=cross_workspace_denied')).json(),
      );
      return items.length > 0 && items;
    }, 'o acesso negado no registro de segurança');
    expect(event).toMatchObject({
      resource: `custom_node:${connector._id}`,
      user: { _id: intruder.userId },
    });

    const foreignGroup = (await other.post('/api/v1/groups', { name: 'Dele' })).json();
    const wrongGroup = await api(owner).post(
      '/api/v1/custom-nodes',
      body('Grupo', { group: foreignGroup._id }),
    );
    expect(wrongGroup.statusCode).toBe(400);
    expect(wrongGroup.json()).toMatchObject({
      message: messages.flows.groupNotFound,
      details: [{ field: 'group', message: messages.flows.groupNotFound }],
    });
    expect((await list(owner, `?group=${foreignGroup._id as string}`)).total).toBe(0);
    expect((await api(owner).get('/api/v1/custom-nodes')).statusCode).toBe(200);
    expect((await t.request(null).get('/api/v1/custom-nodes')).statusCode).toBe(401);
  });
});
