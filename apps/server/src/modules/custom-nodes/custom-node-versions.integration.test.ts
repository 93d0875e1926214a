import { expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import { versionSchema } from '@ponte/shared/versions.schema';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import {
  expectConflict,
  historyOf,
  putIfMatch,
  storedVersions,
  twoPeople,
} from '../../test/version-fixtures';
import { connectorBody, connectorParam, createConnector } from './custom-node-fixtures';

const path = (id: string) => `/api/v1/custom-nodes/${id}`;

describeEachDriver('custom connector versions', (driver) => {
  const t = useTestApp(driver);

  it('keeps every save as a version; the code version moves only with params or handler', async () => {
    const { ana, bia } = await twoPeople(t);
    const created = await createConnector(ana, connectorBody('CEP'));
    expect(created).toMatchObject({ version: 1, revision: 1 });
    const id = created._id;

    const renamed = await bia.put(path(id), {
      ...connectorBody('CEP dos Correios'),
      revision: 1,
      version_message: 'Nome do serviço',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ version: 1, revision: 2 });
    expect(renamed.headers.etag).toBe('"2"');

    const params = [connectorParam('cep'), connectorParam('uf')];
    const changed = await ana.put(path(id), { ...connectorBody('CEP dos Correios'), params });
    expect(changed.json()).toMatchObject({ version: 2, revision: 3 });
    expect((await ana.get(path(id))).headers.etag).toBe('"3"');

    const history = await historyOf(ana, path(id));
    expect(history.current).toBe(3);
    expect(history.items).toEqual([
      [3, 'Pessoa de Teste', ''],
      [2, 'Beatriz Souza', 'Nome do serviço'],
      [1, 'Pessoa de Teste', ''],
    ]);
    const first = versionSchema.parse((await ana.get(`${path(id)}/versions/1`)).json());
    expect(first.document).toMatchObject({
      name: 'CEP',
      params: [connectorParam('cep')],
      group: null,
    });
  });

  it('refuses a save based on an old version, by If-Match or by revision, and changes nothing', async () => {
    const { owner, ana, bia } = await twoPeople(t);
    const { _id: id } = await createConnector(ana, connectorBody('Frete'));
    expect(
      (await bia.put(path(id), { ...connectorBody('Frete (Bia)'), revision: 1 })).statusCode,
    ).toBe(200);

    const mine = connectorBody('Frete (Ana)', { params: [] });
    expectConflict(t, await putIfMatch(t, owner, path(id), 1, mine), 'custom_node', 2);
    const stale = await ana.put(path(id), { ...mine, revision: 1 });
    expectConflict(t, stale, 'custom_node', 2);
    expect(stale.json().message).toContain('Este conector foi alterado por Beatriz Souza');
    expect((await ana.get(path(id))).json()).toMatchObject({
      name: 'Frete (Bia)',
      params: [connectorParam('cep')],
      version: 1,
      revision: 2,
    });
    expect((await historyOf(ana, path(id))).items).toHaveLength(2);
  });

  it('restores a version as a new one, whose handler is a new code version, and removes them with it', async () => {
    const { ana } = await twoPeople(t);
    const { _id: id } = await createConnector(ana, connectorBody('Boleto'));
    const newer = 'async function handler(msg, params) { return { payload: 2 }; }';
    await ana.put(path(id), connectorBody('Boleto v2', { code_execution_content: newer }));

    const restored = await ana.post(`${path(id)}/versions/1/restore`, { version: 2 });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.headers.etag).toBe('"3"');
    expect(restored.json()).toMatchObject({ name: 'Boleto', version: 3, revision: 3 });
    expect(restored.json().code_execution_content).not.toBe(newer);
    const history = await historyOf(ana, path(id));
    expect(history.items[0]).toEqual([3, 'Pessoa de Teste', messages.versions.restoredMessage(1)]);
    expect(history.restoredFrom).toBe(1);

    const stale = await ana.post(`${path(id)}/versions/2/restore`, { version: 2 });
    expect(stale.statusCode).toBe(409);

    expect(await storedVersions(t, id)).toBe(3);
    expect((await ana.delete(path(id))).statusCode).toBe(204);
    expect(await storedVersions(t, id)).toBe(0);
    expect((await ana.get(`${path(id)}/versions`)).statusCode).toBe(404);
  });

  it('keeps a copy apart: it starts its own history at version 1', async () => {
    const { ana } = await twoPeople(t);
    const { _id: id } = await createConnector(ana, connectorBody('Pix'));
    await ana.put(path(id), connectorBody('Pix cobrança'));
    const copy = await ana.post(`/api/v1/custom-nodes/duplicate/${id}`, {});
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json()).toMatchObject({ version: 1, revision: 1, enabled: false });
    expect((await historyOf(ana, path(copy.json()._id))).items).toEqual([
      [1, 'Pessoa de Teste', ''],
    ]);
  });
});
