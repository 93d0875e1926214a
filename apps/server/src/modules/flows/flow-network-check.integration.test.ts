import { expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';
import { describeEachDriver } from '../../test/test-database';

describeEachDriver('the network check of a flow after its save', (driver) => {
  const t = useTestApp(driver, { httpAllowedNetworks: ['127.0.0.2/32'] });

  it('names each literal URL the network guard will refuse, leaving expressions to the run', async () => {
    const account = await t.createAccount();
    const node = (uid: string, label: string, url: string) => ({
      uid,
      label,
      type: 'core_http_request',
      position: { x: 0, y: 0 },
      params: { method: 'GET', url },
    });
    const res = await t.request(account.token).post('/api/v1/flows/network-check', {
      data: {
        nodes: [
          node('n1', 'ERP interno', 'http://10.0.0.7/pedidos'),
          node('n2', 'Stand-in permitido', 'http://127.0.0.2:8080/api'),
          node('n3', 'Do webhook', '{{ msg.payload.url }}'),
          node('n4', 'Metadados', 'http://169.254.169.254/latest'),
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      items: [
        {
          node_uid: 'n1',
          label: 'ERP interno',
          param: 'url',
          message:
            'Endereço bloqueado pela proteção de rede: 10.0.0.7 (rede privada). Para liberar, inclua a rede em PONTE_HTTP_ALLOWED_NETWORKS.',
        },
        {
          node_uid: 'n4',
          label: 'Metadados',
          param: 'url',
          message: expect.stringContaining('PONTE_HTTP_ALLOWED_NETWORKS'),
        },
      ],
    });
  });
});
