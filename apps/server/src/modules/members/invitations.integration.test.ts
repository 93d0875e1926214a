import { expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';

const m = messages.members;
const tokenOf = (link: string) => link.slice(link.lastIndexOf('/') + 1);
const newPerson = (email: string) => ({ name: 'Carla Dias', email, password: 'senha-da-carla-1' });

describeEachDriver('invitations by link', (driver) => {
  const t = useTestApp(driver, { publicUrl: 'https://ponte.exemplo.com.br' });

  it('lets one person join with the role, once; the link shows where it leads', async () => {
    const owner = await t.createAccount({ workspaceName: 'Logística' });
    const admin = await t.addMember(owner, 'admin', 'Davi Admin');
    const created = await t
      .request(admin.token)
      .post('/api/v1/members/invitations', { role: 'operator' });
    expect(created.statusCode, created.body).toBe(201);
    const invitation = created.json() as { _id: string; link: string; expires_at: string };
    expect(invitation.link).toMatch(/^https:\/\/ponte\.exemplo\.com\.br\/convite\/[\w-]{43}$/);
    const token = tokenOf(invitation.link);

    const preview = await t.request(null).get(`/account/v1/invitations/${token}`);
    expect(preview.json()).toEqual({
      workspace_name: 'Logística',
      role: 'operator',
      invited_by: 'Davi Admin',
      expires_at: invitation.expires_at,
    });
    const pending = await t.request(owner.token).get('/api/v1/members/invitations');
    expect(pending.json()).toMatchObject({ items: [{ _id: invitation._id, role: 'operator' }] });
    expect(pending.body).not.toContain(token);

    const accepted = await t
      .request(null)
      .post(`/account/v1/invitations/${token}/accept`, newPerson('carla@exemplo.com.br'));
    expect(accepted.statusCode, accepted.body).toBe(200);
    const carla = t.request(accepted.json().token as string);
    expect((await carla.get('/api/v1/workspaces/current')).json()).toMatchObject({
      _id: owner.workspaceId,
      role: 'operator',
    });
    expect((await carla.post('/api/v1/groups', { name: 'Vendas' })).statusCode).toBe(403);

    const again = await t
      .request(null)
      .post(`/account/v1/invitations/${token}/accept`, newPerson('outra@exemplo.com.br'));
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: m.invitationInvalid });
    expect((await t.request(null).get(`/account/v1/invitations/${token}`)).statusCode).toBe(404);
    expect((await t.request(owner.token).get('/api/v1/members/invitations')).json()).toEqual({
      items: [],
      by_email: false,
    });
  });

  it('stops at its expiry or when revoked, and keeps a link whose acceptance failed', async () => {
    const owner = await t.createAccount();
    const api = t.request(owner.token);
    const short = await api.post('/api/v1/members/invitations', {
      role: 'viewer',
      expires_in_days: 1,
    });
    const revoked = await api.post('/api/v1/members/invitations', { role: 'viewer' });
    const kept = await api.post('/api/v1/members/invitations', { role: 'editor' });
    expect((await api.delete(`/api/v1/members/invitations/${revoked.json()._id}`)).statusCode).toBe(
      204,
    );
    const taken = await t
      .request(null)
      .post(`/account/v1/invitations/${tokenOf(kept.json().link)}/accept`, {
        ...newPerson(owner.email),
      });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ message: m.invitationEmailTaken });
    expect(
      (await t.request(null).get(`/account/v1/invitations/${tokenOf(kept.json().link)}`))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.request(null).get(`/account/v1/invitations/${tokenOf(revoked.json().link)}`))
        .statusCode,
    ).toBe(404);
    t.clock.advance(86_400_000 + 1);
    const late = await t
      .request(null)
      .post(
        `/account/v1/invitations/${tokenOf(short.json().link)}/accept`,
        newPerson('tarde@exemplo.com.br'),
      );
    expect(late.json()).toMatchObject({ message: m.invitationInvalid });
  });

  it('lets only an owner invite an owner, and only who manages members invite at all', async () => {
    const owner = await t.createAccount();
    const admin = await t.addMember(owner, 'admin');
    const editor = await t.addMember(owner, 'editor');
    const asAdmin = await t
      .request(admin.token)
      .post('/api/v1/members/invitations', { role: 'owner' });
    expect(asAdmin.json()).toMatchObject({ message: m.ownerGivesOwner });
    const asEditor = await t
      .request(editor.token)
      .post('/api/v1/members/invitations', { role: 'viewer' });
    expect(asEditor.statusCode).toBe(403);
    const long = await t
      .request(owner.token)
      .post('/api/v1/members/invitations', { role: 'viewer', expires_in_days: 31 });
    expect(long.json()).toMatchObject({ message: m.invitationDays });
  });
});
