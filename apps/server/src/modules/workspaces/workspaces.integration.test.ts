import { deniedBecause } from '@ponte/shared/roles';
import { decodeJwt } from 'jose';
import { expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { workspaceListSchema, workspaceSchema } from '@ponte/shared/account.schema';
import { useTestApp, type TestAccount } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';

describeEachDriver('workspaces', (driver) => {
  const t = useTestApp(driver);

  it('shows the current workspace with the engine address of the request', async () => {
    const account = await t.createAccount({ workspaceName: 'Fábrica' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/workspaces/current',
      headers: { authorization: `Bearer ${account.token}`, host: 'ponte.exemplo.com:8080' },
    });
    expect(workspaceSchema.parse(res.json())).toEqual({
      _id: account.workspaceId,
      name: 'Fábrica',
      engine_url: 'http://ponte.exemplo.com:8080/engine',
      role: 'owner',
      groups: null,
    });
  });

  it('lets the owner create a workspace, list and switch to it', async () => {
    const owner = await t.createAccount({ workspaceName: 'Beta' });
    const api = t.request(owner.token);
    const created = await api.post('/account/v1/workspaces', { name: ' Alfa ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ _id: expect.any(String), name: 'Alfa' });

    const list = workspaceListSchema.parse((await api.get('/account/v1/workspaces')).json());
    expect(list.items).toEqual([
      { _id: created.json()._id, name: 'Alfa', current: false },
      { _id: owner.workspaceId, name: 'Beta', current: true },
    ]);

    const switched = await api.post('/account/v1/workspaces/switch', {
      workspace_id: created.json()._id,
    });
    expect(switched.statusCode).toBe(200);
    const token = switched.json().token as string;
    expect(decodeJwt(token)).toMatchObject({ sub: owner.userId, wid: created.json()._id });
    const inAlfa = t.request(token);
    expect((await inAlfa.get('/api/v1/workspaces/current')).json().name).toBe('Alfa');
    expect((await inAlfa.get('/account/v1/workspaces')).json().items[0].current).toBe(true);

    await api.post('/api/v1/groups', { name: 'Só na Beta' });
    expect((await inAlfa.get('/api/v1/groups')).json().total).toBe(0);

    const blank = await api.post('/account/v1/workspaces', { name: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(messages.account.workspaceNameRequired);
  });

  it('answers 404 when switching to a workspace the user does not belong to', async () => {
    const a = await t.createAccount();
    const b = await t.createAccount();
    for (const workspace_id of [b.workspaceId, 'nao-existe']) {
      const res = await t.request(a.token).post('/account/v1/workspaces/switch', { workspace_id });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        statusCode: 404,
        code: 'not_found',
        message: messages.account.notAMember,
      });
    }
    const empty = await t.request(a.token).post('/account/v1/workspaces/switch', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(messages.account.notAMember);
  });

  /** A member (not the owner) of the owner's workspace, signed in. */
  async function memberOf(owner: TestAccount, email: string) {
    await t.request(owner.token).post('/account/v1/users', {
      name: 'Membro',
      email,
      password: 'senha-do-membro',
    });
    const signIn = await t.request(null).post('/account/v1/authenticate', {
      email,
      password: 'senha-do-membro',
    });
    return t.request(signIn.json().token);
  }

  it('lets only the owner create workspaces', async () => {
    const owner = await t.createAccount();
    const member = await memberOf(owner, 'membro-ws@exemplo.com.br');
    const res = await member.post('/account/v1/workspaces', { name: 'Paralelo' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(deniedBecause('editor', 'instance.own'));
    expect((await member.get('/account/v1/workspaces')).json().items).toHaveLength(1);
  });

  it("keeps the workspace's monthly AI token budget: the owner sets it, members read it", async () => {
    const owner = await t.createAccount();
    const api = t.request(owner.token);
    const url = '/api/v1/workspaces/current/ai-budget';
    const none = { entrada: 0, saida: 0 };
    expect((await api.get(url)).json()).toEqual({ ai_token_budget: null, used_this_month: none });
    for (const refused of [999, 1500.5, 1_000_000_000_001, '5000', -1]) {
      const res = await api.put(url, { ai_token_budget: refused });
      expect(res.statusCode, String(refused)).toBe(400);
      expect(res.json().message).toBe(messages.llm.budgetRange);
    }
    const saved = await api.put(url, { ai_token_budget: 1_000_000 });
    expect(saved.json()).toEqual({ ai_token_budget: 1_000_000, used_this_month: none });

    const member = await memberOf(owner, 'membro-orcamento@exemplo.com.br');
    expect((await member.get(url)).json().ai_token_budget).toBe(1_000_000);
    const denied = await member.put(url, { ai_token_budget: null });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(deniedBecause('editor', 'instance.own'));

    const stranger = t.request((await t.createAccount()).token);
    expect((await stranger.get(url)).json().ai_token_budget).toBeNull();
    expect((await api.put(url, { ai_token_budget: null })).json().ai_token_budget).toBeNull();
  });
});
