import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { field } from '../../test/db-table-fixtures';
import { chain, createFlow, finished } from '../../test/flow-fixtures';
import { startOtlpReceiver, type OtlpSpan } from '../../test/otlp-receiver';
import { useTestApp } from '../../test/test-app';
import { until } from '../../test/until';

const incomingTrace = '4bf92f3577b34da6a3ce929d0e0e4736';
const incomingSpan = '00f067aa0ba902b7';
const secret = 'segredo-muito-secreto-42';

function listen(server: Server, host: string) {
  return new Promise<number>((resolve) =>
    server.listen(0, host, () => resolve((server.address() as AddressInfo).port)),
  );
}

const attributesOf = (span: OtlpSpan) =>
  Object.fromEntries(
    (span.attributes ?? []).map(({ key, value }) => [key, Object.values(value)[0]]),
  );

describe('OpenTelemetry traces of an execution', () => {
  const received: IncomingHttpHeaders[] = [];
  let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
  const standIn = createServer((req, res) => {
    received.push(req.headers);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
  let standInUrl = '';
  const saved = { ...process.env };

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    standInUrl = `http://127.0.0.2:${await listen(standIn, '127.0.0.2')}`;
    // Read when the app is built (the next beforeAll): tracing on, exported at once.
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.url;
    process.env.OTEL_BSP_SCHEDULE_DELAY = '20';
    process.env.OTEL_SERVICE_NAME = 'ponte-teste';
  });
  const t = useTestApp('embedded', { httpAllowedNetworks: ['127.0.0.2/32'] });
  afterAll(async () => {
    process.env = saved;
    await receiver.close();
    await new Promise((resolve) => standIn.close(resolve));
  });

  const spansOf = (traceId: string) => receiver.spans().filter((span) => span.traceId === traceId);

  it('joins the webhook caller trace: execution, node, HTTP and end-write spans, header sent on, no secret', async () => {
    const account = await t.createAccount();
    const flowId = await createFlow(
      t,
      account,
      chain(
        {
          type: 'core_webhook_trigger',
          params: { method: 'POST', path: 'rastreio', response: 'respond_node' },
        },
        {
          type: 'core_http_request',
          params: {
            method: 'GET',
            url: `${standInUrl}/pedidos/7?token=${secret}`,
            headers: [{ key: 'authorization', value: `Bearer ${secret}` }],
          },
        },
        { type: 'core_code', params: { code: 'return msg;' } },
        { type: 'core_respond_webhook', params: { status: 201, body: 'recebido' } },
      ),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/engine/webhook/${flowId}/rastreio`,
      headers: { traceparent: `00-${incomingTrace}-${incomingSpan}-01` },
      payload: { senha: secret },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await finished(t, flowId);
    expect(row?.status).toBe('success');
    // The execution page shows it: the row keeps the trace it joined.
    expect(row?.traceId).toBe(incomingTrace);

    const spans = await until(() => {
      const found = spansOf(incomingTrace);
      return found.some((span) => span.name === 'execution') && found.length >= 6 && found;
    }, 'os spans da execução');
    const execution = spans.find((span) => span.name === 'execution')!;
    expect(execution.parentSpanId).toBe(incomingSpan);
    expect(attributesOf(execution)).toMatchObject({
      'ponte.execution.id': row!.id,
      'ponte.flow.id': flowId,
      'ponte.workspace.id': row!.workspaceId,
      'ponte.trigger.type': 'core_webhook_trigger',
      'ponte.execution.status': 'success',
    });
    const children = spans.filter((span) => span !== execution);
    const nodes = children.filter((span) => span.name.startsWith('node '));
    // Nodes and the end's write hang off the execution; the call off the node that made it.
    expect(nodes.every((span) => span.parentSpanId === execution.spanId)).toBe(true);
    expect(nodes.map((span) => attributesOf(span)['ponte.node.type']).sort()).toEqual([
      'core_code',
      'core_http_request',
      'core_respond_webhook',
      'core_webhook_trigger',
    ]);
    const http = nodes.find(
      (span) => attributesOf(span)['ponte.node.type'] === 'core_http_request',
    );
    expect(attributesOf(http!)).toMatchObject({
      'ponte.node.status': 'success',
      'ponte.node.items_in': 1,
      'ponte.node.items_out': 1,
      'ponte.node.attempt': 1,
    });

    const call = children.find((span) => span.name === 'HTTP GET')!;
    expect(call.parentSpanId).toBe(http!.spanId);
    expect(attributesOf(call)).toMatchObject({
      'http.request.method': 'GET',
      'server.address': '127.0.0.2',
      'http.response.status_code': 200,
    });
    // The stand-in got the HTTP span as its parent, in the same trace.
    expect(received.at(-1)?.traceparent).toBe(`00-${incomingTrace}-${call.spanId}-01`);
    const endWrite = children.find((span) => span.name === 'execution end write');
    expect(endWrite?.parentSpanId).toBe(execution.spanId);

    // The exporter sends OTLP/JSON (docs/adr/0131).
    expect(receiver.traces.every(({ encoding }) => encoding === 'json')).toBe(true);
    const resource = receiver.traces[0]!.body.resourceSpans![0]!.resource!;
    expect(
      resource.attributes!.find((attribute) => attribute.key === 'service.name')?.value,
    ).toEqual({ stringValue: 'ponte-teste' });
    // Neither the header, the query string nor the payload reached any attribute.
    expect(JSON.stringify(receiver.traces)).not.toContain(secret);
  });
  it('puts each outbound call under the node that made it, parallel branches and sandboxed code too', async () => {
    // Answers only once both branches' calls arrived: they are in flight at the same time.
    const waiting: (() => void)[] = [];
    const paths: string[] = [];
    const parallel = createServer((req, res) => {
      paths.push(req.url!);
      waiting.push(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
      if (waiting.length === 2) for (const answer of waiting.splice(0)) answer();
    });
    const base = `http://127.0.0.2:${await listen(parallel, '127.0.0.2')}`;
    const account = await t.createAccount();
    const node = (uid: string, type: string, params: Record<string, unknown>, x: number) => ({
      uid,
      type,
      position: { x, y: 0 },
      params,
    });
    const flowId = await createFlow(t, account, {
      version: 1,
      nodes: [
        node('gatilho', 'core_manual_trigger', {}, 0),
        node('chamada', 'core_http_request', { method: 'GET', url: `${base}/no-http` }, 200),
        node(
          'codigo',
          'core_code',
          { code: `await fetch('${base}/no-codigo?token=${secret}'); return msg;` },
          200,
        ),
      ],
      edges: [
        { id: 'e1', source: 'gatilho', sourceOutput: 'default', target: 'chamada' },
        { id: 'e2', source: 'gatilho', sourceOutput: 'default', target: 'codigo' },
      ],
    });
    try {
      const started = await t
        .request(account.token)
        .post(`/engine/flow/manual-trigger/${flowId}`, {});
      expect(started.statusCode, started.body).toBe(200);
      const [row] = await finished(t, flowId);
      expect(row?.status, JSON.stringify(row?.error)).toBe('success');
      expect(paths.sort()).toEqual(['/no-codigo?token=' + secret, '/no-http']);

      const spans = await until(() => {
        const found = spansOf(row!.traceId!);
        // The execution's span ends last: the nodes' and the calls' were sent before it.
        return found.some((span) => span.name === 'execution') && found;
      }, 'os spans da execução');
      const nodeSpan = (uid: string) =>
        spans.find((span) => attributesOf(span)['ponte.node.uid'] === uid)!;
      const calls = spans.filter((span) => span.name === 'HTTP GET');
      expect(calls.map((call) => call.parentSpanId).sort()).toEqual(
        [nodeSpan('chamada').spanId, nodeSpan('codigo').spanId].sort(),
      );
      expect(JSON.stringify(exports)).not.toContain(secret);
    } finally {
      await new Promise((resolve) => parallel.close(resolve));
    }
  });
  it('gives the execution start and end writes and a record node statements spans of their own', async () => {
    const account = await t.createAccount();
    const table = await t.request(account.token).post('/api/v1/db/tables', {
      name: 'Pedidos',
      fields: [field('cliente')],
    });
    expect(table.statusCode, table.body).toBe(201);
    const flowId = await createFlow(
      t,
      account,
      chain(
        { type: 'core_manual_trigger' },
        {
          type: 'core_db_insert',
          uid: 'inserir',
          params: {
            table: (table.json() as { _id: string })._id,
            fields: [{ field: 'cliente', value: secret }],
          },
        },
      ),
    );
    const started = await t
      .request(account.token)
      .post(`/engine/flow/manual-trigger/${flowId}`, {});
    expect(started.statusCode, started.body).toBe(200);
    const [row] = await finished(t, flowId);
    expect(row?.status, JSON.stringify(row?.error)).toBe('success');

    const spans = await until(() => {
      const found = spansOf(row!.traceId!);
      return found.some((span) => span.name === 'execution') && found;
    }, 'os spans da execução');
    const execution = spans.find((span) => span.name === 'execution')!;
    const parentOf = (name: string) => spans.find((span) => span.name === name)?.parentSpanId;
    expect(parentOf('execution start write')).toBe(execution.spanId);
    expect(parentOf('execution end write')).toBe(execution.spanId);
    const insert = spans.find((span) => attributesOf(span)['ponte.node.uid'] === 'inserir')!;
    expect(parentOf('records insert')).toBe(insert.spanId);
    const statements = spans.find((span) => span.name === 'records insert')!;
    // The statement group's name only: no SQL, table or value.
    expect(attributesOf(statements)).toEqual({ 'db.system.name': 'postgresql' });
    expect(JSON.stringify(exports)).not.toContain(secret);
  });
});
