import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { chain, createFlow } from '../../test/flow-fixtures';
import { connectLive, listenOnFreePort, openEditor } from '../../test/live-client';
import { addPerson } from '../../test/people';
import { postgresTestUrl } from '../../test/test-database';
import { until } from '../../test/until';
import { testRedisUrl, useClusterApps } from '../../test/cluster-apps';

/**
 * Two API processes on one Redis: the editors of a flow on one process see those on the other
 * (the room's sockets are fetched on every process, docs/adr/0067).
 */
describe.skipIf(!testRedisUrl || !postgresTestUrl)(
  'who else has a flow open, across processes',
  () => {
    const cluster = useClusterApps();
    const a = cluster.instance('api');
    const b = cluster.instance('api');
    const urls = { a: '', b: '' };
    beforeAll(async () => {
      urls.a = await listenOnFreePort(a.app);
      urls.b = await listenOnFreePort(b.app);
    });
    const sockets: Socket[] = [];
    afterEach(() => {
      for (const socket of sockets.splice(0)) socket.close();
    });
    const connect = async (url: string, token: string) => {
      const socket = await connectLive(url, token);
      sockets.push(socket);
      return socket;
    };

    it('shows on each process the editors and unsaved changes of the other', async () => {
      const ana = await a.createAccount();
      const bia = await addPerson(b, ana, 'Beatriz Souza');
      const flowId = await createFlow(a, ana, chain({ type: 'core_manual_trigger' }));

      const anaTab = await openEditor(await connect(urls.a, ana.token), flowId);
      const biaSocket = await connect(urls.b, bia.token);
      const biaTab = await openEditor(biaSocket, flowId);
      await until(() => anaTab.seen().length === 2, 'Beatriz, em B, na lista de Ana em A');
      await until(() => biaTab.seen().length === 2, 'Ana, em A, na lista de Beatriz em B');
      expect(anaTab.seen()).toEqual(['Pessoa de Teste', 'Beatriz Souza']);
      expect(biaTab.lists.at(-1)!.editors.map((e) => e.editor_id)).toEqual([
        anaTab.editorId,
        biaTab.editorId,
      ]);

      biaTab.dirty(true);
      await until(() => anaTab.seen().includes('Beatriz Souza*'), 'as alterações de Beatriz em A');
      anaTab.dirty(true);
      await until(() => biaTab.seen().includes('Pessoa de Teste*'), 'as alterações de Ana em B');
      expect(biaTab.seen()).toEqual(['Pessoa de Teste*', 'Beatriz Souza*']);

      biaSocket.close();
      await until(() => anaTab.seen().length === 1, 'a aba de Beatriz fechada em B');
      expect(anaTab.seen()).toEqual(['Pessoa de Teste*']);
    });
  },
);
