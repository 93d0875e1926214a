import { expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { liveRooms } from '@ponte/shared/live.schema';
import { messages } from '@ponte/shared/messages';
import { joinLive, useLiveSockets } from '../../test/live-client';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';

const m = messages.members;
const disconnected = (socket: Socket) =>
  new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

describeEachDriver('members and roles', (driver) => {
  const t = useTestApp(driver);
  const live = useLiveSockets(t);

  it('lists the members, owners first, with their roles and who is asking', async () => {
    const owner = await t.createAccount();
    const viewer = await t.addMember(owner, 'viewer', 'Bruna Leitora');
    await t.addMember(owner, 'operator', 'Ana Operadora');
    const res = await t.request(viewer.token).get('/api/v1/members');
    expect(res.statusCode).toBe(200);
    const items = (res.json() as { items: Record<string, unknown>[] }).items;
    expect(items.map((item) => [item.name, item.role, item.is_you])).toEqual([
      ['Pessoa de Teste', 'owner', false],
      ['Ana Operadora', 'operator', false],
      ['Bruna Leitora', 'viewer', true],
    ]);
    // Another workspace's members are not there.
    const stranger = await t.createAccount();
    const theirs = await t.request(stranger.token).get('/api/v1/members');
    expect((theirs.json() as { items: unknown[] }).items).toHaveLength(1);
  });

  it("changes a role at once: the member's next request is judged by the new one", async () => {
    const owner = await t.createAccount();
    const operator = await t.addMember(owner, 'operator');
    const before = await t.request(operator.token).post('/api/v1/groups', { name: 'Vendas' });
    expect(before.statusCode).toBe(403);
    const changed = await t
      .request(owner.token)
      .put(`/api/v1/members/${operator.userId}`, { role: 'editor' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ role: 'editor', is_you: false });
    const after = await t.request(operator.token).post('/api/v1/groups', { name: 'Vendas' });
    expect(after.statusCode).toBe(201);
    const current = await t.request(operator.token).get('/api/v1/workspaces/current');
    expect(current.json()).toMatchObject({ role: 'editor' });
  });

  it('lets only an owner give or take Proprietário, and keeps the last owner', async () => {
    const owner = await t.createAccount();
    const admin = await t.addMember(owner, 'admin');
    const editor = await t.addMember(owner, 'editor');
    const promote = await t
      .request(admin.token)
      .put(`/api/v1/members/${editor.userId}`, { role: 'owner' });
    expect(promote.statusCode).toBe(403);
    expect(promote.json()).toMatchObject({ message: m.ownerGivesOwner });
    const demoteOwner = await t
      .request(admin.token)
      .put(`/api/v1/members/${owner.userId}`, { role: 'viewer' });
    expect(demoteOwner.statusCode).toBe(403);
    const selfDemote = await t
      .request(owner.token)
      .put(`/api/v1/members/${owner.userId}`, { role: 'admin' });
    expect(selfDemote.statusCode).toBe(400);
    expect(selfDemote.json()).toMatchObject({ message: m.lastOwner });
    const leave = await t.request(owner.token).delete(`/api/v1/members/${owner.userId}`);
    expect(leave.json()).toMatchObject({ message: m.lastOwner });
    // With a second owner, the first may step down.
    const second = await t
      .request(owner.token)
      .put(`/api/v1/members/${admin.userId}`, { role: 'owner' });
    expect(second.statusCode).toBe(200);
    const stepDown = await t
      .request(owner.token)
      .put(`/api/v1/members/${owner.userId}`, { role: 'admin' });
    expect(stepDown.json()).toMatchObject({ role: 'admin', is_you: true });
    const roles = await t.request(admin.token).get('/api/v1/members');
    expect(
      (roles.json() as { items: { role: string }[] }).items.filter((i) => i.role === 'owner'),
    ).toHaveLength(1);
  });

  it('refuses an unknown role in pt-BR and a member of another workspace as not found', async () => {
    const owner = await t.createAccount();
    const editor = await t.addMember(owner, 'editor');
    const bad = await t
      .request(owner.token)
      .put(`/api/v1/members/${editor.userId}`, { role: 'chefe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: m.roleInvalid });
    const stranger = await t.createAccount();
    const foreign = await t
      .request(owner.token)
      .put(`/api/v1/members/${stranger.userId}`, { role: 'viewer' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ message: m.notFound });
  });

  it('removes a member: their sessions here end at once, live socket included', async () => {
    const owner = await t.createAccount();
    const editor = await t.addMember(owner, 'editor');
    const socket = await live.connect(editor.token);
    expect(await joinLive(socket, liveRooms.liveMonitoring)).toEqual({ ok: true });
    const ended = disconnected(socket);
    const removed = await t.request(owner.token).delete(`/api/v1/members/${editor.userId}`);
    expect(removed.statusCode).toBe(204);
    expect(await ended).toBe('io server disconnect');
    expect((await t.request(editor.token).get('/api/v1/flows')).statusCode).toBe(401);
    const list = await t.request(owner.token).get('/api/v1/members');
    expect((list.json() as { items: unknown[] }).items).toHaveLength(1);
  });
});
