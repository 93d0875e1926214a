import { expect, it } from 'vitest';
import { messages } from '@ponte/shared/messages';
import {
  jobListSchema,
  queueJobSchema,
  queueListSchema,
  queueSchema,
  type Queue,
} from '@ponte/shared/queues.schema';
import { useTestApp, type TestAccount } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';
import { until } from '../../test/until';
import { createEmbeddedMessageDriver } from './drivers/embedded-message-driver';

const m = messages.queues;

describeEachDriver('internal queues API', (driver) => {
  const t = useTestApp(driver, { queues: { sampleDepth: false } });
  const api = (account: TestAccount) => t.request(account.token);
  /** DELETE /api/v1/queues takes its `_id` in the body. */
  const removeQueue = (account: TestAccount, id: string) =>
    t.app.inject({
      method: 'DELETE',
      url: '/api/v1/queues',
      headers: { authorization: `Bearer ${account.token}` },
      payload: { _id: id },
    });

  async function createQueue(account: TestAccount, body: Record<string, unknown>) {
    const res = await api(account).post('/api/v1/queues', body);
    expect(res.statusCode, res.body).toBe(201);
    return queueSchema.parse(res.json());
  }

  async function addJob(account: TestAccount, queue: Queue, body: Record<string, unknown>) {
    const res = await api(account).post(`/api/v1/queues/jobs/new/${queue._id}`, body);
    expect(res.statusCode, res.body).toBe(201);
    return queueJobSchema.parse(res.json());
  }

  const jobsOf = async (account: TestAccount, queue: Queue, query = '') =>
    jobListSchema.parse(
      (await api(account).get(`/api/v1/queues/jobs/${queue._id}${query}`)).json(),
    );

  it('creates, reads, edits and removes a queue with the spec messages', async () => {
    const account = await t.createAccount();
    const empty = await api(account).post('/api/v1/queues', { name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(m.nameRequired);

    const group = (await api(account).post('/api/v1/groups', { name: 'Vendas' })).json();
    const queue = await createQueue(account, { name: ' Pedidos ', group: group._id });
    expect(queue).toMatchObject({
      name: 'Pedidos',
      status: 'running',
      group: group._id,
      max_per_second: 1,
      flow_id: null,
      queue_status: { delayed: 0, waiting: 0, paused: 0, active: 0, failed: 0, completed: 0 },
      workspace_id: account.workspaceId,
    });
    expect((await api(account).get(`/api/v1/queues/${queue._id}`)).json()).toEqual(queue);

    const taken = await api(account).post('/api/v1/queues', { name: 'PEDIDOS' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Já existe uma file interna com este nome.');

    const edited = await api(account).put('/api/v1/queues', {
      _id: queue._id,
      name: 'Pedidos novos',
      group: null,
      max_per_second: 5,
      apply_default_values_new_fields: true,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Pedidos novos',
      group: null,
      max_per_second: 5,
      apply_default_values_new_fields: true,
    });
    const other = await createQueue(account, { name: 'Outra' });
    const clash = await api(account).put('/api/v1/queues', {
      _id: other._id,
      name: 'pedidos NOVOS',
    });
    expect(clash.json().message).toBe(m.nameTaken);
    const stranger = await t.createAccount();
    const foreignGroup = (await api(stranger).post('/api/v1/groups', { name: 'Dele' })).json();
    const badGroup = await api(account).post('/api/v1/queues', {
      name: 'Com grupo alheio',
      group: foreignGroup._id,
    });
    expect(badGroup.statusCode).toBe(400);
    const badRate = await api(account).post('/api/v1/queues', {
      name: 'Rápida',
      max_per_second: -1,
    });
    expect(badRate.json().message).toBe(m.maxPerSecondInvalid);
    const gone = await api(account).put('/api/v1/queues', { _id: 'nao-existe', name: 'X' });
    expect(gone.statusCode).toBe(404);

    expect((await removeQueue(account, queue._id)).statusCode).toBe(204);
    expect((await api(account).get(`/api/v1/queues/${queue._id}`)).statusCode).toBe(404);
    expect((await removeQueue(account, queue._id)).statusCode).toBe(404);
    expect((await api(account).get('/engine/status')).json().queues).toEqual({
      registered_queues: 1,
    });
  });

  it('lists by page and size, searches by name and filters by group', async () => {
    const account = await t.createAccount();
    const group = (await api(account).post('/api/v1/groups', { name: 'Financeiro' })).json();
    for (let n = 1; n <= 12; n++)
      await createQueue(account, {
        name: `Fila ${String(n).padStart(2, '0')}`,
        ...(n <= 3 ? { group: group._id } : {}),
      });
    const first = queueListSchema.parse((await api(account).get('/api/v1/queues')).json());
    expect(first.total).toBe(12);
    expect(first.items.map((q) => q.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Fila ${String(i + 1).padStart(2, '0')}`),
    );
    const second = (await api(account).get('/api/v1/queues?page=2&size=10')).json();
    expect(second.items.map((q: Queue) => q.name)).toEqual(['Fila 11', 'Fila 12']);
    const search = (await api(account).get('/api/v1/queues?query=fila%201')).json();
    expect(search.items.map((q: Queue) => q.name)).toEqual(['Fila 10', 'Fila 11', 'Fila 12']);
    const inGroup = (await api(account).get(`/api/v1/queues?group=${group._id}`)).json();
    expect(inGroup.items.map((q: Queue) => q.name)).toEqual(['Fila 01', 'Fila 02', 'Fila 03']);
    expect((await api(account).get('/api/v1/queues?group=none')).json().total).toBe(9);
  });

  it('adds, lists, removes and cleans messages; pause and resume', async () => {
    const account = await t.createAccount();
    const queue = await createQueue(account, { name: 'Mensagens' });
    const paused = (await api(account).post(`/api/v1/queues/control/pause/${queue._id}`)).json();
    expect(paused).toMatchObject({ status: 'paused' });

    const missing = await api(account).post(`/api/v1/queues/jobs/new/${queue._id}`, {
      message: ' ',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(m.contentRequired);

    const json = await addJob(account, queue, { message: '{"pedido": 7}', delayed: 0 });
    expect(json).toMatchObject({
      message: { pedido: 7 },
      excerpt: '{"pedido":7}',
      publisher: 'Pessoa de Teste',
      delayed: false,
      state: 'paused',
    });
    const huge = await api(account).post(`/api/v1/queues/jobs/new/${queue._id}`, {
      message: 'x'.repeat(1024 * 1024 + 1),
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toBe(m.messageTooLarge);
    const long = 'a'.repeat(150);
    const text = await addJob(account, queue, { message: long, delayed: 1, delay_in_seconds: 0 });
    expect(text).toMatchObject({
      message: long,
      excerpt: `${'a'.repeat(100)}[...]`,
      // Delayed by 0 seconds: due at once, shown 'Delayed: Execução imediata' (spec 2 §4).
      delayed: true,
      delay_in_seconds: 0,
    });
    const later = await addJob(account, queue, {
      message: 'depois',
      delayed: 1,
      delay_in_seconds: 3600,
    });
    expect(later).toMatchObject({ delayed: true, delay_in_seconds: 3600, state: 'delayed' });

    expect((await jobsOf(account, queue)).items.map((job) => job._id).sort()).toEqual(
      [json._id, text._id, later._id].sort(),
    );
    const delayed = await jobsOf(account, queue, '?statusList=delayed');
    expect(delayed.items.map((job) => job._id)).toEqual([later._id]);
    expect((await jobsOf(account, queue, '?limit=1&page=2')).total).toBe(3);
    expect(
      (await api(account).get(`/api/v1/queues/${queue._id}`)).json().queue_status,
    ).toMatchObject({ paused: 2, delayed: 1 });

    const remove = `/api/v1/queues/jobs/remove/${queue._id}/${text._id}`;
    expect((await api(account).delete(remove)).statusCode).toBe(204);
    const again = await api(account).delete(remove);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(m.jobNotFound);

    const resumed = (await api(account).post(`/api/v1/queues/control/resume/${queue._id}`)).json();
    expect(resumed).toMatchObject({ status: 'running', queue_status: { waiting: 1, delayed: 1 } });
    const clean = await api(account).post(`/api/v1/queues/control/clean/${queue._id}`);
    expect(clean.json()).toEqual({ removed: 2 });
    expect((await jobsOf(account, queue)).total).toBe(0);
  });

  it('retries a failed message with the same id', async () => {
    const account = await t.createAccount();
    const queue = await createQueue(account, { name: 'Falhas', max_per_second: 0 });
    const job = await addJob(account, queue, { message: 'x' });
    const retryUrl = `/api/v1/queues/jobs/retry/${queue._id}/${job._id}`;
    const notFailed = await api(account).post(retryUrl);
    expect(notFailed.statusCode).toBe(409);
    expect(notFailed.json().message).toBe(m.jobNotFailed);

    // A second process whose consumer fails the message (the consumer flows are not here).
    const worker = createEmbeddedMessageDriver(t.database.db, { pollMs: 20 });
    const consumer = worker.consume(
      queue._id,
      () => Promise.reject(new Error('a API respondeu 500')),
      { concurrency: 1 },
    );
    const failed = await until(async () => {
      const list = await jobsOf(account, queue, '?statusList=failed');
      return list.total > 0 && list;
    }, 'the message failed');
    await consumer.stop();
    await worker.close();
    expect(failed.items[0]).toMatchObject({ _id: job._id, error: 'a API respondeu 500' });

    const retried = await api(account).post(retryUrl);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ _id: job._id, state: 'waiting' });
    expect((await jobsOf(account, queue, '?statusList=waiting')).items[0]?._id).toBe(job._id);
  });

  it("answers 404 to every route with another workspace's queue or message and changes nothing", async () => {
    const owner = await t.createAccount();
    const intruder = await t.createAccount({ workspaceName: 'Outro workspace' });
    const queue = await createQueue(owner, { name: 'Privada' });
    const job = await addJob(owner, queue, {
      message: 'segredo',
      delayed: 1,
      delay_in_seconds: 600,
    });
    const q = queue._id;
    const other = api(intruder);
    const answers = [
      await other.get(`/api/v1/queues/${q}`),
      await other.get(`/api/v1/queues/${q}/depth`),
      await other.put('/api/v1/queues', { _id: q, name: 'Tomada' }),
      await removeQueue(intruder, q),
      await other.post(`/api/v1/queues/control/pause/${q}`),
      await other.post(`/api/v1/queues/control/resume/${q}`),
      await other.post(`/api/v1/queues/control/clean/${q}`),
      await other.post(`/api/v1/queues/jobs/new/${q}`, { message: 'intrusa' }),
      await other.get(`/api/v1/queues/jobs/${q}`),
      await other.delete(`/api/v1/queues/jobs/remove/${q}/${job._id}`),
      await other.post(`/api/v1/queues/jobs/retry/${q}/${job._id}`),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 404));
    expect(answers[0]?.json().message).toBe(m.notFound);
    expect((await other.get('/api/v1/queues')).json()).toEqual({ items: [], total: 0 });

    // The intruder's own queue does not open the owner's messages either.
    const own = await createQueue(intruder, { name: 'Minha' });
    const viaOwn = await other.delete(`/api/v1/queues/jobs/remove/${own._id}/${job._id}`);
    expect(viaOwn.statusCode).toBe(404);

    const after = queueSchema.parse((await api(owner).get(`/api/v1/queues/${q}`)).json());
    expect(after).toMatchObject({ name: 'Privada', status: 'running' });
    expect(after.queue_status).toMatchObject({ delayed: 1, waiting: 0 });
    expect((await jobsOf(owner, queue)).items.map((item) => item.message)).toEqual(['segredo']);
  });
});
