import { expect, it } from 'vitest';
import { describeEachDriver } from '../test/test-database';
import { testSecret, useTestApp, type TestAccount, type TestContext } from '../test/test-app';
import { chain } from '../test/flow-fixtures';
import { createPonteCommands } from './ponte-commands';

async function seed(t: TestContext, account: TestAccount) {
  const api = t.request(account.token);
  const group = (await api.post('/api/v1/groups', { name: 'Vendas' })).json()._id as string;
  expect(
    (await api.post('/api/v1/variables', { name: 'Token', key: 'API_TOKEN', value: 'abc' }))
      .statusCode,
  ).toBe(201);
  for (const holiday of [
    { date: '2020-01-25', name: 'Aniversário da cidade', recurring: true },
    { date: '2027-02-09', name: 'Carnaval da empresa', recurring: false },
  ]) {
    expect((await api.post('/api/v1/holidays', holiday)).statusCode).toBe(201);
  }
  const flow = await api.post('/api/v1/flows', {
    name: 'Pedidos',
    enabled: true,
    group,
    description: 'Recebe pedidos',
    variables: [{ key: 'LOJA', value: 'centro' }],
    config: { rate_limit: 3 },
    data: chain(
      { type: 'core_manual_trigger' },
      { type: 'core_log', params: { label: 'A', message: 'b' } },
    ),
  });
  expect(flow.statusCode, flow.body).toBe(201);
}

describeEachDriver('ponte export / import', (driver) => {
  const t = useTestApp(driver);

  it('round-trips flows, variables and groups into another workspace, keeping what it had', async () => {
    const commands = createPonteCommands(t.database.db, testSecret);
    const source = await t.createAccount({ workspaceName: 'Origem Export' });
    await seed(t, source);
    const file = JSON.parse(JSON.stringify(await commands.exportWorkspace('origem export')));
    expect(file).toMatchObject({
      version: 1,
      groups: [{ name: 'Vendas' }],
      variables: [{ name: 'Token', key: 'API_TOKEN', value: 'abc' }],
      holidays: [
        { date: '2020-01-25', name: 'Aniversário da cidade', recurring: true },
        { date: '2027-02-09', name: 'Carnaval da empresa', recurring: false },
      ],
      flows: [
        {
          name: 'Pedidos',
          enabled: true,
          description: 'Recebe pedidos',
          config: { rate_limit: 3 },
        },
      ],
    });

    const target = await t.createAccount({ workspaceName: 'Destino Import' });
    const api = t.request(target.token);
    await api.post('/api/v1/groups', { name: 'Vendas' });
    await api.post('/api/v1/flows', {
      name: 'Já existia',
      data: chain({ type: 'core_manual_trigger' }),
    });
    await api.post('/api/v1/holidays', { date: '2027-02-10', name: 'Já existia' });
    expect(await commands.importWorkspace(target.workspaceId, file)).toEqual({
      groups: 0,
      variables: 1,
      holidays: 2,
      flows: 1,
      disabled: [],
    });

    const flows = (await api.get('/api/v1/flows?limit=100')).json().items as {
      _id: string;
      name: string;
    }[];
    expect(flows.map((flow) => flow.name).sort()).toEqual(['Já existia', 'Pedidos']);
    const imported = (
      await api.get(`/api/v1/flows/${flows.find((f) => f.name === 'Pedidos')!._id}`)
    ).json();
    const groups = (await api.get('/api/v1/groups')).json().items as {
      _id: string;
      name: string;
    }[];
    expect(groups).toHaveLength(1);
    expect(imported).toMatchObject({
      enabled: true,
      group: groups[0]!._id,
      variables: [{ key: 'LOJA', value: 'centro' }],
      config: { rate_limit: 3 },
      data: file.flows[0].data,
    });
    const variables = (await api.get('/api/v1/variables')).json().items;
    expect(variables).toEqual([expect.objectContaining({ key: 'API_TOKEN', value: 'abc' })]);
    const holidays = (await api.get('/api/v1/holidays')).json().items as { name: string }[];
    expect(holidays.map((holiday) => holiday.name)).toEqual([
      'Aniversário da cidade',
      'Carnaval da empresa',
      'Já existia',
    ]);
  });

  it('adds an enabled flow whose trigger registers at its service disabled, and names it', async () => {
    const commands = createPonteCommands(t.database.db, testSecret);
    const owner = await t.createAccount({ workspaceName: 'Destino Telegram' });
    const api = t.request(owner.token);
    const account = await api.post('/api/v1/service-accounts', {
      name: 'Bot da loja',
      auth_type: 'telegram_bot',
      telegram_bot: { bot_token: '123456789:AAF-token-do-bot' },
    });
    expect(account.statusCode, account.body).toBe(201);
    const flow = (name: string, trigger: Parameters<typeof chain>[0]) => ({
      name,
      enabled: true,
      group: null,
      variables: [],
      description: '',
      config: {},
      data: chain(trigger, { type: 'core_log', params: { label: 'A', message: 'b' } }),
    });
    const file = {
      version: 1,
      groups: [],
      variables: [],
      flows: [
        flow('Mensagens do bot', {
          type: 'svc_telegram_trigger',
          params: { service_account: account.json()._id, events: 'all' },
        }),
        flow('Manual', { type: 'core_manual_trigger' }),
      ],
    };
    expect(await commands.importWorkspace(owner.workspaceId, file)).toEqual({
      groups: 0,
      variables: 0,
      holidays: 0,
      flows: 2,
      disabled: ['Mensagens do bot'],
    });
    const items = (await api.get('/api/v1/flows?status=all')).json().items as {
      name: string;
      enabled: boolean;
    }[];
    expect(Object.fromEntries(items.map((item) => [item.name, item.enabled]))).toEqual({
      'Mensagens do bot': false,
      Manual: true,
    });
  });

  it('refuses an import whose variable keys exist, writing nothing', async () => {
    const commands = createPonteCommands(t.database.db, testSecret);
    const source = await t.createAccount({ workspaceName: 'Origem Conflito' });
    await seed(t, source);
    const file = await commands.exportWorkspace(source.workspaceId);
    await expect(commands.importWorkspace(source.workspaceId, file)).rejects.toThrow(
      'Nada foi importado: o workspace já tem variáveis com estas chaves: API_TOKEN.',
    );
    const flows = (await t.request(source.token).get('/api/v1/flows')).json().items;
    expect(flows).toHaveLength(1);
    await expect(commands.importWorkspace(source.workspaceId, { version: 2 })).rejects.toThrow(
      'O arquivo não é uma exportação do Ponte',
    );
    await expect(commands.exportWorkspace('Não existe')).rejects.toThrow(
      'Workspace "Não existe" não encontrado.',
    );
  });

  it('refuses an import with a holiday on a day the workspace already has one, writing nothing', async () => {
    const commands = createPonteCommands(t.database.db, testSecret);
    const source = await t.createAccount({ workspaceName: 'Origem Feriados' });
    await seed(t, source);
    const file = JSON.parse(JSON.stringify(await commands.exportWorkspace(source.workspaceId)));
    const target = await t.createAccount({ workspaceName: 'Destino Feriados' });
    const api = t.request(target.token);
    await api.post('/api/v1/holidays', {
      date: '2031-01-25',
      name: 'Aniversário',
      recurring: true,
    });
    await expect(commands.importWorkspace(target.workspaceId, file)).rejects.toThrow(
      'Nada foi importado: o workspace já tem feriados nestes dias: 25/01/2020 (todo ano). Apague esses feriados e importe de novo.',
    );
    expect((await api.get('/api/v1/holidays')).json().total).toBe(1);
    expect((await api.get('/api/v1/variables')).json().items).toEqual([]);
    // A file made before holidays were exported has none, and still imports.
    delete file.holidays;
    await api.delete(`/api/v1/holidays/${(await api.get('/api/v1/holidays')).json().items[0]._id}`);
    expect(await commands.importWorkspace(target.workspaceId, file)).toMatchObject({ holidays: 0 });
  });

  it('refuses an import with a flow the save rules refuse, writing nothing at all', async () => {
    const commands = createPonteCommands(t.database.db, testSecret);
    const source = await t.createAccount({ workspaceName: 'Origem Recusada' });
    await seed(t, source);
    const file = JSON.parse(JSON.stringify(await commands.exportWorkspace(source.workspaceId)));
    // A node pinned to a version this installation no longer has: the save rules refuse it.
    const gone = chain({ type: 'core_manual_trigger' }, { type: 'core_log' });
    gone.nodes[1] = { ...gone.nodes[1]!, typeVersion: 99 } as (typeof gone.nodes)[number];
    file.flows.push({ ...file.flows[0], name: 'Lê o formulário', data: gone, enabled: false });
    const target = await t.createAccount({ workspaceName: 'Destino Intacto' });
    await expect(commands.importWorkspace(target.workspaceId, file)).rejects.toThrow(
      'Nada foi importado: o flow "Lê o formulário" não pode ser importado',
    );
    const api = t.request(target.token);
    expect((await api.get('/api/v1/flows')).json().items).toEqual([]);
    expect((await api.get('/api/v1/groups')).json().items).toEqual([]);
    expect((await api.get('/api/v1/variables')).json().items).toEqual([]);
  });
});

describeEachDriver('ponte user', (driver) => {
  const t = useTestApp(driver);

  const signIn = (email: string, password: string) =>
    t.request(null).post('/account/v1/authenticate', { email, password });

  it('creates the first account on an empty installation, then members, and resets a password', async () => {
    const commands = createPonteCommands(t.database.db, testSecret);
    expect(
      await commands.createUser({
        email: 'Dona@Empresa.com',
        name: 'Dona',
        password: 'senha-inicial',
        workspace: 'Principal',
      }),
    ).toBe('first-account');
    expect((await signIn('dona@empresa.com', 'senha-inicial')).statusCode).toBe(200);

    expect(
      await commands.createUser({
        email: 'equipe@empresa.com',
        name: 'Equipe',
        password: 'senha-da-equipe',
        workspace: 'principal',
      }),
    ).toBe('member');
    const before = (await signIn('equipe@empresa.com', 'senha-da-equipe')).json().token as string;
    expect((await t.request(before).get('/api/v1/users/me')).statusCode).toBe(200);
    await expect(
      commands.createUser({
        email: 'equipe@empresa.com',
        name: 'Outra',
        password: 'senha-da-outra',
        workspace: 'Principal',
      }),
    ).rejects.toThrow('e-mail');

    await expect(commands.resetPassword('equipe@empresa.com', 'curta')).rejects.toThrow(
      '--password: A senha deve ter pelo menos 8 caracteres',
    );
    await commands.resetPassword('EQUIPE@empresa.com', 'senha-nova-123');
    // The reset ends the sessions the server opened (another process, the same database).
    expect((await t.request(before).get('/api/v1/users/me')).statusCode).toBe(401);
    expect((await signIn('equipe@empresa.com', 'senha-da-equipe')).statusCode).toBe(401);
    expect((await signIn('equipe@empresa.com', 'senha-nova-123')).statusCode).toBe(200);
    await expect(commands.resetPassword('ninguem@empresa.com', 'senha-nova-123')).rejects.toThrow(
      'Nenhum usuário com o e-mail ninguem@empresa.com.',
    );
  });
});
