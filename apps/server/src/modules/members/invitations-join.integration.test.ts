import { expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';

const m = messages.members;
const tokenOf = (link: string) => link.slice(link.lastIndexOf('/') + 1);

describeEachDriver('an existing account accepts an invitation', (driver) => {
  const t = useTestApp(driver, { publicUrl: 'https://ponte.exemplo.com.br' });

  async function invite(token: string, role: string) {
    const created = await t.request(token).post('/api/v1/members/invitations', { role });
    expect(created.statusCode, created.body).toBe(201);
    return tokenOf(created.json().link as string);
  }

  /** An owner with a second workspace of their customer, 'Logística', and its session. */
  async function logisticsOf() {
    const owner = await t.createAccount({ workspaceName: 'Financeiro' });
    const created = await t
      .request(owner.token)
      .post('/account/v1/workspaces', { name: 'Logística' });
    expect(created.statusCode, created.body).toBe(201);
    const switched = await t
      .request(owner.token)
      .post('/account/v1/workspaces/switch', { workspace_id: created.json()._id });
    expect(switched.statusCode, switched.body).toBe(200);
    return {
      owner,
      workspaceId: created.json()._id as string,
      token: switched.json().token as string,
    };
  }

  it('adds the account with the role, opens a session in that workspace and spends the link', async () => {
    const logistics = await logisticsOf();
    // A person of the same organisation, member of 'Financeiro' only.
    const other = await t.addMember(logistics.owner, 'editor', 'Otávio');
    const link = await invite(logistics.token, 'viewer');

    const joined = await t.request(null).post(`/account/v1/invitations/${link}/join`, {
      email: other.email.toUpperCase(),
      password: other.password,
    });
    expect(joined.statusCode, joined.body).toBe(200);
    const session = t.request(joined.json().token as string);
    expect((await session.get('/api/v1/workspaces/current')).json()).toMatchObject({
      _id: logistics.workspaceId,
      role: 'viewer',
    });
    expect((await session.post('/api/v1/groups', { name: 'Vendas' })).statusCode).toBe(403);
    // Their workspace is still theirs.
    const workspaces = (await session.get('/account/v1/workspaces')).json() as {
      items?: { _id: string }[];
    };
    expect(JSON.stringify(workspaces)).toContain(other.workspaceId);

    const again = await t.request(null).post(`/account/v1/invitations/${link}/join`, {
      email: other.email,
      password: other.password,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: m.invitationInvalid });
  });

  it("refuses an account of another organisation, which would carry it into this workspace's session", async () => {
    const logistics = await logisticsOf();
    const stranger = await t.createAccount({ workspaceName: 'Outra empresa' });
    const link = await invite(logistics.token, 'admin');
    const refused = await t.request(null).post(`/account/v1/invitations/${link}/join`, {
      email: stranger.email,
      password: stranger.password,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: m.invitationOtherCustomer });
    expect((await t.request(null).get(`/account/v1/invitations/${link}`)).statusCode).toBe(200);
    const members = await t.request(logistics.token).get('/api/v1/members');
    expect(members.body).not.toContain(stranger.email);
  });

  it('refuses a wrong password as a sign-in does, throttled, and spends nothing', async () => {
    const owner = await t.createAccount();
    const other = await t.createAccount();
    const link = await invite(owner.token, 'editor');
    const wrong = { email: other.email, password: 'senha-errada-123' };
    for (let attempt = 0; attempt < 5; attempt++) {
      const refused = await t.request(null).post(`/account/v1/invitations/${link}/join`, wrong);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ message: messages.account.invalidCredentials });
    }
    const blocked = await t.request(null).post(`/account/v1/invitations/${link}/join`, {
      email: other.email,
      password: other.password,
    });
    expect(blocked.statusCode).toBe(429);
    // The same throttle as the sign-in: it is blocked there too.
    const signIn = await t.request(null).post('/account/v1/authenticate', {
      email: other.email,
      password: other.password,
    });
    expect(signIn.statusCode).toBe(429);
    expect((await t.request(null).get(`/account/v1/invitations/${link}`)).statusCode).toBe(200);
  });

  it('tells an account already member so, and keeps the link for someone else', async () => {
    const owner = await t.createAccount();
    const editor = await t.addMember(owner, 'editor');
    const link = await invite(owner.token, 'admin');
    const refused = await t.request(null).post(`/account/v1/invitations/${link}/join`, {
      email: editor.email,
      password: editor.password,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: m.invitationAlreadyMember });
    expect((await t.request(editor.token).get('/api/v1/workspaces/current')).json()).toMatchObject({
      role: 'editor',
    });
    expect((await t.request(null).get(`/account/v1/invitations/${link}`)).statusCode).toBe(200);
  });
});
