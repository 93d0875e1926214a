import { describe, expect, it } from 'vitest';
import { runNode } from '../../../testing/run-node';
import { nextRuns, validateSchedule } from './schedule';
import { scheduleTriggerNode } from './schedule-trigger.node.ts';

describe('core_schedule_trigger', () => {
  it('fires in America/Sao_Paulo by default, skipping the weekend', () => {
    // Friday 2026-11-20 10:00 in São Paulo (13:00 UTC): next weekdays at 09:00 local = 12:00 UTC.
    const runs = nextRuns({ cron: '0 0 9 * * 1-5' }, new Date('2026-11-20T13:00:00Z'), 3);
    expect(runs.map((run) => run.toISOString())).toEqual([
      '2026-11-23T12:00:00.000Z',
      '2026-11-24T12:00:00.000Z',
      '2026-11-25T12:00:00.000Z',
    ]);
  });

  it('honours seconds and another time zone', () => {
    const runs = nextRuns(
      { cron: '*/20 * * * * *', timezone: 'Europe/Lisbon' },
      new Date('2026-01-01T00:00:05Z'),
      2,
    );
    expect(runs.map((run) => run.toISOString())).toEqual([
      '2026-01-01T00:00:20.000Z',
      '2026-01-01T00:00:40.000Z',
    ]);
  });

  it('explains a bad cron or time zone in pt-BR', () => {
    expect(validateSchedule({ cron: 'toda hora' })).toBe(
      'Expressão cron inválida: "toda hora". Use 5 ou 6 campos (segundos opcionais), ex.: 0 */5 * * * *',
    );
    expect(validateSchedule({ cron: '0 * * * *', timezone: 'Marte/Olympus' })).toBe(
      'Fuso horário desconhecido: Marte/Olympus.',
    );
    expect(validateSchedule({ cron: '' })).toBe('Informe a expressão cron do agendamento.');
    expect(validateSchedule({ cron: '0 30 8 * * *' })).toBeNull();
  });

  it('passes the tick on as the message', async () => {
    const input = {
      payload: { scheduled_at: '2026-11-23T12:00:00.000Z', timezone: 'America/Sao_Paulo' },
    };
    const { emitted } = await runNode(scheduleTriggerNode, {
      input,
      params: { cron: '0 * * * * *' },
    });
    expect(emitted).toEqual([{ output: 'default', msg: input }]);
  });
});
