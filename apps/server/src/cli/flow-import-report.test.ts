import { describe, expect, it } from 'vitest';
import { flowImportReport, totalsLine } from './flow-import-report';

describe('the report of ponte import --from', () => {
  it('lists every node with its result, original name, type and notes, then the totals', () => {
    const text = flowImportReport(
      [
        {
          name: 'Pedidos',
          report: [
            {
              original_name: 'Ao clicar',
              original_type: 'n8n-nodes-base.manualTrigger',
              status: 'translated',
              notes: [],
            },
            {
              original_name: 'CRM',
              original_type: 'n8n-nodes-base.crm',
              status: 'not_translated',
              notes: ['Sem equivalente.'],
            },
          ],
          accounts: [
            {
              key: 'c1',
              original_name: 'Loja',
              original_type: 'httpBasicAuth',
              account_type: 'http_basic',
              node_uids: ['n2'],
            },
          ],
        },
      ],
      { translated: 1, adapted: 0, not_translated: 1 },
      true,
    );
    expect(text.split('\n')).toEqual([
      'Flow "Pedidos"',
      '  [Traduzido]     Ao clicar (n8n-nodes-base.manualTrigger)',
      '  [Não traduzido] CRM (n8n-nodes-base.crm): Sem equivalente.',
      '  Credencial "Loja" (httpBasicAuth): escolha uma conta de serviço do tipo HTTP Basic nos nós que a usam.',
      '',
      'Total: 1 traduzido, 0 adaptados, 1 não traduzido.',
      'Simulação (--dry-run): nada foi importado.',
    ]);
  });

  it('says how many of each, in the plural when more than one', () => {
    expect(totalsLine({ translated: 3, adapted: 1, not_translated: 2 })).toBe(
      'Total: 3 traduzidos, 1 adaptado, 2 não traduzidos.',
    );
  });
});
