import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecutionData, NodeData } from '@ponte/shared/execution-data.schema';
import { chain, createFlow, finished } from '../../test/flow-fixtures';
import { startAwsStandIn, type AwsStandIn } from '../../test/stand-ins/aws';
import { useTestApp, type Requester, type TestAccount } from '../../test/test-app';

// AWS is never reached: a stand-in of the S3, SES v2 and SQS (JSON protocol) contracts
// (https://docs.aws.amazon.com/AmazonS3/latest/API/, https://docs.aws.amazon.com/ses/latest/APIReference-V2/,
// https://docs.aws.amazon.com/AWSSimpleQueueService/latest/APIReference/) answers on 127.0.0.6,
// opened to the network guard, and checks each SigV4 signature with the key's secret.
const keyId = 'AKIALOJAEXEMPLO';
const secret = 'segredo-da-aws';
let aws: AwsStandIn;
beforeAll(async () => {
  aws = await startAwsStandIn('127.0.0.6', { [keyId]: secret });
});
afterAll(() => aws.close());

describe('the AWS connectors, through an access key account', () => {
  const t = useTestApp('embedded', { httpAllowedNetworks: ['127.0.0.6/32'] });

  async function awsAccount(api: Requester, secretAccessKey = secret) {
    const res = await api.post('/api/v1/service-accounts', {
      name: `AWS ${Math.random().toString(36).slice(2, 8)}`,
      auth_type: 'aws_access_key',
      aws_access_key: {
        access_key_id: keyId,
        secret_access_key: secretAccessKey,
        region: 'sa-east-1',
        api_url: aws.url,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json()._id as string;
  }

  /** Saves manual trigger → these nodes, runs it, and gives each node's first output message. */
  async function run(
    account: TestAccount,
    ...steps: { type: string; params: Record<string, unknown> }[]
  ) {
    const flowId = await createFlow(
      t,
      account,
      chain(
        { type: 'core_manual_trigger' },
        ...steps.map((step, at) => ({ ...step, uid: `aws${at}` })),
      ),
    );
    const started = await t
      .request(account.token)
      .post(`/engine/flow/manual-trigger/${flowId}`, {});
    expect(started.statusCode, started.body).toBe(200);
    const [execution] = await finished(t, flowId);
    const api = t.request(account.token);
    const data = (
      await api.get(`/api/v1/monitoring/executions/${execution!.id}/data`)
    ).json() as ExecutionData;
    const payloads = await Promise.all(
      steps.map(async (_step, at) => {
        const node = (
          await api.get(`/api/v1/monitoring/executions/${execution!.id}/data/aws${at}`)
        ).json() as NodeData;
        return node.runs?.[0]?.outputs[0]?.msg?.payload;
      }),
    );
    const error = data.nodes.find((node) => node.error)?.error?.message;
    return { status: execution!.status, payloads, error };
  }

  it('puts, gets, lists across pages, links and deletes S3 objects, every call signed', async () => {
    const account = await t.createAccount();
    const id = await awsAccount(t.request(account.token));
    const s3 = (params: Record<string, unknown>) => ({
      type: 'svc_aws_s3',
      params: { service_account: id, bucket: 'loja', ...params },
    });
    const bucket = aws.buckets.get('loja')!;
    for (const key of ['notas/a.txt', 'notas/b.txt', 'notas/c.txt', 'notas/d.txt']) {
      bucket.set(key, { body: Buffer.from('x'), contentType: 'text/plain' });
    }
    const { status, payloads } = await run(
      account,
      s3({
        operation: 'put_object',
        key: 'notas/nota 42.json',
        content: '{"pedido":42}',
        content_type: 'application/json',
      }),
      s3({ operation: 'get_object', key: 'notas/nota 42.json' }),
      s3({ operation: 'list_objects', prefix: 'notas/', return_all: true }),
      s3({ operation: 'presign_get', key: 'notas/nota 42.json', expires_in: 300 }),
    );
    expect(status).toBe('success');
    expect(bucket.get('notas/nota 42.json')).toEqual({
      body: Buffer.from('{"pedido":42}'),
      contentType: 'application/json',
    });
    const put = aws.calls.find((call) => call.method === 'PUT')!;
    expect(put.path).toBe('/loja/notas/nota%2042.json');
    expect(put.headers.authorization).toMatch(
      new RegExp(`^AWS4-HMAC-SHA256 Credential=${keyId}/\\d{8}/sa-east-1/s3/aws4_request`),
    );
    expect(payloads[0]).toEqual({ etag: 'e-18' });
    expect(payloads[1]).toMatchObject({ encoding: 'utf8', data: '{"pedido":42}' });
    // Five keys, two a page: three pages followed by their continuation tokens.
    expect((payloads[2] as { key: string }[]).map((item) => item.key)).toEqual([
      'notas/a.txt',
      'notas/b.txt',
      'notas/c.txt',
      'notas/d.txt',
      'notas/nota 42.json',
    ]);
    const lists = aws.calls.filter((call) => call.path.includes('list-type=2'));
    expect(lists).toHaveLength(3);
    expect(lists[2]!.path).toContain('continuation-token=');
    // The presigned link works by itself, without the account.
    const link = (payloads[3] as { url: string }).url;
    expect(link).toContain('X-Amz-Signature=');
    const fetched = await fetch(link);
    expect(await fetched.text()).toBe('{"pedido":42}');
    const tampered = await fetch(link.replace('X-Amz-Expires=300', 'X-Amz-Expires=604800'));
    expect(tampered.status).toBe(403);

    const removed = await run(
      account,
      s3({ operation: 'delete_object', key: 'notas/nota 42.json' }),
    );
    expect(removed.payloads[0]).toEqual({ deleted: true });
    expect(bucket.has('notas/nota 42.json')).toBe(false);
    const missing = await run(account, s3({ operation: 'get_object', key: 'notas/nota 42.json' }));
    expect(missing.status).toBe('error');
    expect(missing.error).toBe(
      'O Amazon S3 recusou a chamada: não existe arquivo com essa "Chave" no bucket (NoSuchKey: The specified key does not exist.).',
    );
  });

  it('sends an e-mail through SES, waiting out its 429, and says an unverified sender in pt-BR', async () => {
    const account = await t.createAccount();
    const id = await awsAccount(t.request(account.token));
    const email = {
      service_account: id,
      operation: 'send_email',
      from: 'Loja <vendas@loja.com.br>',
      to: 'limite@exemplo.com.br',
      subject: 'Pedido 42',
      html: '<p>Saiu!</p>',
    };
    const before = aws.calls.length;
    const sent = await run(account, { type: 'svc_aws_ses', params: email });
    expect(sent.status).toBe('success');
    expect(sent.payloads[0]).toEqual({ messageId: expect.stringMatching(/^0100-/) });
    const calls = aws.calls.slice(before);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.headers.authorization).toContain('/sa-east-1/ses/aws4_request');
    expect(JSON.parse(calls[1]!.body)).toMatchObject({
      FromEmailAddress: 'Loja <vendas@loja.com.br>',
      Destination: { ToAddresses: ['limite@exemplo.com.br'] },
      Content: { Simple: { Body: { Html: { Data: '<p>Saiu!</p>' } } } },
    });

    const refused = await run(account, {
      type: 'svc_aws_ses',
      params: { ...email, from: 'eu@gmail.com' },
    });
    expect(refused.status).toBe('error');
    expect(refused.error).toBe(
      'O Amazon SES recusou a chamada: o endereço de "De" (ou, no sandbox do SES, um destinatário) não está verificado (Email address is not verified. The following identities failed the check in region SA-EAST-1: eu@gmail.com).',
    );
  });

  it('sends, receives and deletes an SQS message in one flow', async () => {
    const account = await t.createAccount();
    const id = await awsAccount(t.request(account.token));
    const queue_url = 'https://sqs.sa-east-1.amazonaws.com/123456789012/pedidos';
    const sqs = (params: Record<string, unknown>) => ({
      type: 'svc_aws_sqs',
      params: { service_account: id, queue_url, ...params },
    });
    const { status, payloads } = await run(
      account,
      sqs({ operation: 'send_message', message_body: '{"pedido":42}' }),
      sqs({ operation: 'receive_messages', max_messages: 5 }),
      sqs({ operation: 'delete_message', receipt_handle: '{{ msg.payload[0].ReceiptHandle }}' }),
    );
    expect(status).toBe('success');
    expect(payloads[1]).toEqual([expect.objectContaining({ Body: '{"pedido":42}' })]);
    expect(payloads[2]).toEqual({ deleted: true });
    expect(aws.queues.get('/123456789012/pedidos')).toEqual([]);
    const targets = aws.calls.filter((call) => call.service === 'sqs');
    expect(targets.map((call) => call.headers['x-amz-target'])).toEqual([
      'AmazonSQS.SendMessage',
      'AmazonSQS.ReceiveMessage',
      'AmazonSQS.DeleteMessage',
    ]);
    expect(targets[0]!.headers['content-type']).toBe('application/x-amz-json-1.0');
  });

  it('says a wrong secret key in pt-BR, never showing it', async () => {
    const account = await t.createAccount();
    const id = await awsAccount(t.request(account.token), 'segredo-errado');
    const { status, error } = await run(account, {
      type: 'svc_aws_sqs',
      params: {
        service_account: id,
        operation: 'send_message',
        queue_url: 'https://sqs.sa-east-1.amazonaws.com/123456789012/pedidos',
        message_body: 'oi',
      },
    });
    expect(status).toBe('error');
    expect(error).toBe(
      'O Amazon SQS recusou a chamada: a chave de acesso secreta da conta de serviço não confere (InvalidSignatureException: Request refused.).',
    );
  });
});
