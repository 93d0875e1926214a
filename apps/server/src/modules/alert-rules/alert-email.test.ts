import { describe, expect, it } from 'vitest';
import { composeAlertEmail, type FiringRow, type RuleRow } from './alert-email';

const rule = {
  id: 'regra-1',
  workspaceId: 'ws-1',
  name: 'Pedidos <urgente>',
  type: 'match_log',
  action: 'email',
  actionEmailMessage: 'Olhe o "gateway" & o ERP',
  flowId: 'flow-1',
  matchLogType: 'message',
  matchLogContent: 'timeout',
} as RuleRow;

const firing = (values: Partial<FiringRow>) =>
  ({
    id: 'disparo-1',
    kind: 'match',
    openedAt: new Date('2026-11-24T12:00:00Z'),
    closesAt: new Date('2026-11-24T12:05:00Z'),
    count: 1234,
    lines: [],
    summary: null,
    ...values,
  }) as FiringRow;

describe('composeAlertEmail', () => {
  it('counts in pt-BR on São Paulo time and escapes every text in the HTML', () => {
    const email = composeAlertEmail(
      rule,
      firing({
        lines: [
          {
            created_at: '2026-11-24T12:00:01.000Z',
            flow_id: 'flow-1',
            execution_id: 'exec-1',
            type: 'user',
            label: 'erro',
            message: '<img src=x onerror=alert(1)> timeout',
          },
        ],
      }),
      'https://ponte.exemplo.com.br',
    );
    expect(email.subject).toBe('[Ponte] Pedidos <urgente>: 1.234 ocorrências');
    expect(email.text).toContain(
      '1.234 ocorrências entre 24/11/2026 09:00:00 e 24/11/2026 09:05:00.',
    );
    expect(email.text).toContain('24/11/2026 09:00:01 [erro] <img src=x onerror=alert(1)> timeout');
    expect(email.html).not.toContain('<img');
    expect(email.html).toContain('&lt;img src=x onerror=alert(1)&gt; timeout');
    expect(email.html).toContain('Pedidos &lt;urgente&gt;');
    expect(email.html).toContain('Olhe o &quot;gateway&quot; &amp; o ERP');
    const link = /Ver nos logs: (\S+)/.exec(email.text)![1]!;
    expect(JSON.parse(new URL(link).searchParams.get('filters')!)).toEqual({
      date_alias: 'custom',
      from: '2026-11-24T09:00:00-03:00',
      to: '2026-11-24T09:05:00-03:00',
      flow: 'flow-1',
      search: 'timeout',
    });
  });

  it('a dead-man incident and its recovery say their summary; a regex is not searched', () => {
    const regexRule = { ...rule, matchLogContent: '/time(out)?/i' } as RuleRow;
    const incident = composeAlertEmail(
      regexRule,
      firing({
        kind: 'incident',
        count: 0,
        summary: 'O flow não termina com sucesso há 26 horas.',
      }),
      'http://localhost:3000',
    );
    expect(incident.subject).toBe('[Ponte] Alerta: Pedidos <urgente>');
    expect(incident.text).toContain('O flow não termina com sucesso há 26 horas.');
    expect(incident.text).not.toContain('ocorrência');
    expect(incident.text).toContain('Ver nos logs: http://localhost:3000/monitoring?filters=');
    expect(incident.text).not.toContain('search');
    const recovery = composeAlertEmail(
      regexRule,
      firing({ kind: 'recovery', count: 0, summary: 'O flow voltou a terminar com sucesso.' }),
      'http://localhost:3000',
    );
    expect(recovery.subject).toBe('[Ponte] Recuperado: Pedidos <urgente>');
  });
});
