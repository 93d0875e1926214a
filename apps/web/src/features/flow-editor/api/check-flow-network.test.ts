import { notificationsStore } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { resetToasts } from '../../../lib/toasts';
import { mockFetch } from '../../../test/mock-fetch';
import { warnAboutNetwork } from './check-flow-network';

const shown = () =>
  notificationsStore.getState().notifications.map((item) => [item['data-kind'], item.message]);

describe('warnAboutNetwork', () => {
  afterEach(() => resetToasts());

  it('warns, after a save, about each connector whose URL the network guard will refuse', async () => {
    const refusal =
      'Endereço bloqueado pela proteção de rede: 10.0.0.7 (rede privada). Para liberar, inclua a rede em PONTE_HTTP_ALLOWED_NETWORKS.';
    const api = mockFetch([
      {
        method: 'POST',
        path: '/api/v1/flows/network-check',
        reply: {
          body: {
            items: [{ node_uid: 'n1', label: 'ERP interno', param: 'url', message: refusal }],
          },
        },
      },
    ]);
    const nodes = [{ uid: 'n1', label: 'ERP interno', params: { url: 'http://10.0.0.7/x' } }];
    await warnAboutNetwork({ nodes });
    expect(api.callsTo('POST', '/api/v1/flows/network-check')[0]?.body).toEqual({
      data: { nodes },
    });
    expect(shown()).toEqual([
      ['warning', `O conector "ERP interno" vai falhar ao executar: ${refusal}`],
    ]);
  });

  it('says nothing when the check itself fails', async () => {
    mockFetch([]);
    await warnAboutNetwork({ nodes: [] });
    expect(shown()).toEqual([]);
  });
});
