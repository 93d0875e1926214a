import { expect, it } from 'vitest';
import { flowEditorsEventSchema, liveRooms } from '@ponte/shared/live.schema';
import { messages } from '@ponte/shared/messages';
import { useTestApp } from '../../test/test-app';
import { chain, createFlow } from '../../test/flow-fixtures';
import { addPerson } from '../../test/people';
import { joinLive, openEditor, useLiveSockets } from '../../test/live-client';
import { describeEachDriver } from '../../test/test-database';
import { until } from '../../test/until';

const oneNode = () => chain({ type: 'core_manual_trigger' });

describeEachDriver('who else has a flow open', (driver) => {
  const t = useTestApp(driver);
  const live = useLiveSockets(t);

  it('shows each editor of the flow with their name and unsaved changes', async () => {
    const ana = await t.createAccount();
    const bia = await addPerson(t, ana, 'Beatriz Souza');
    const flowId = await createFlow(t, ana, oneNode());
    const other = await createFlow(t, ana, oneNode());

    const anaTab = await openEditor(await live.connect(ana.token), flowId);
    await until(() => anaTab.seen().length === 1, 'a lista só com Ana');
    const biaTab = await openEditor(await live.connect(bia.token), flowId);
    // Someone on another flow of the workspace is not an editor of this one.
    await openEditor(await live.connect(bia.token), other);
    await until(() => anaTab.seen().length === 2, 'Beatriz na lista de Ana');
    await until(() => biaTab.seen().length === 2, 'Ana na lista de Beatriz');
    const list = flowEditorsEventSchema.parse(biaTab.lists.at(-1));
    expect(list.flow_id).toBe(flowId);
    expect(list.editors).toEqual([
      {
        editor_id: anaTab.editorId,
        user_id: ana.userId,
        name: 'Pessoa de Teste',
        dirty: false,
        since: expect.any(String),
      },
      {
        editor_id: biaTab.editorId,
        user_id: bia.userId,
        name: 'Beatriz Souza',
        dirty: false,
        since: expect.any(String),
      },
    ]);

    biaTab.dirty(true);
    await until(() => anaTab.seen().includes('Beatriz Souza*'), 'Beatriz com alterações');
    expect(anaTab.seen()).toEqual(['Pessoa de Teste', 'Beatriz Souza*']);
    // The same person in a second tab is a second editor.
    const anaSecond = await openEditor(await live.connect(ana.token), flowId);
    await until(() => anaTab.seen().length === 3, 'a segunda aba de Ana');
    expect(anaSecond.seen()).toEqual(['Pessoa de Teste', 'Beatriz Souza*', 'Pessoa de Teste']);
    expect(anaSecond.editorId).not.toBe(anaTab.editorId);

    // Saved: no more unsaved changes; a tab closed leaves the list.
    biaTab.dirty(false);
    await until(() => anaTab.seen().includes('Beatriz Souza'), 'Beatriz sem alterações');
    live.sockets[1]!.close();
    await until(() => anaTab.seen().length === 2, 'a aba de Beatriz fechada');
    expect(anaTab.seen()).toEqual(['Pessoa de Teste', 'Pessoa de Teste']);
  });

  it('leaves the list when the editor leaves the room', async () => {
    const ana = await t.createAccount();
    const flowId = await createFlow(t, ana, oneNode());
    const first = await openEditor(await live.connect(ana.token), flowId);
    const second = live.sockets.length;
    const other = await openEditor(await live.connect(ana.token), flowId);
    await until(() => first.seen().length === 2, 'as duas abas');
    live.sockets[second]!.emit('leave', liveRooms.flowEditors(flowId));
    await until(() => first.seen().length === 1, 'a lista sem a aba que saiu');
    expect(first.lists.at(-1)!.editors.map((e) => e.editor_id)).toEqual([first.editorId]);
    expect(other.seen()).toEqual(['Pessoa de Teste', 'Pessoa de Teste']);
  });

  it("refuses another workspace's flow, whose editors never see that person", async () => {
    const ana = await t.createAccount();
    const stranger = await t.createAccount({ workspaceName: 'Outro' });
    const flowId = await createFlow(t, ana, oneNode());
    const anaTab = await openEditor(await live.connect(ana.token), flowId);

    const theirs = await live.connect(stranger.token);
    expect(await joinLive(theirs, liveRooms.flowEditors(flowId))).toEqual({
      ok: false,
      message: messages.engine.flowNotFound,
    });
    expect(await joinLive(theirs, liveRooms.flowEditors(''))).toMatchObject({ ok: false });
    // Its state of that flow changes nothing: it is handled before its next answer.
    theirs.emit('editor-state', { flow_id: flowId, dirty: true });
    expect(await joinLive(theirs, 'sala-qualquer')).toMatchObject({ ok: false });
    anaTab.dirty(true);
    await until(() => anaTab.seen()[0] === 'Pessoa de Teste*', 'as alterações de Ana');
    expect(anaTab.lists.at(-1)!.editors.map((e) => e.user_id)).toEqual([ana.userId]);
  });
});
