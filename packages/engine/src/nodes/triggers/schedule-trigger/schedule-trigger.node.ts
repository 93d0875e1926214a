import { defineNode } from '../../../kit/define-node';
import { checkScheduleParams, defaultTimezone } from './schedule';
import { defaultNthBusinessDay, maxNthBusinessDay, scheduleDays } from './schedule-days';

export const scheduleTriggerNode = defineNode({
  type: 'core_schedule_trigger',
  version: 1,
  category: 'trigger',
  label: 'Agendamento',
  description:
    'Inicia o flow nos horários de uma expressão cron, no fuso escolhido; todos os dias, só nos dias úteis ou no N-ésimo dia útil do mês.',
  icon: 'calendar-time',
  params: {
    cron: {
      type: 'text',
      label: 'Expressão cron',
      required: true,
      placeholder: '0 0 9 * * 1-5',
      description: 'Segundos (opcional), minutos, horas, dia do mês, mês, dia da semana.',
    },
    timezone: { type: 'text', label: 'Fuso horário', default: defaultTimezone },
    days: {
      type: 'select',
      label: 'Dias',
      default: 'all',
      options: Object.entries(scheduleDays).map(([value, label]) => ({ label, value })),
      description: 'Nos dias recusados, o horário do cron passa sem iniciar o flow.',
    },
    place: {
      type: 'text',
      label: 'UF/município',
      default: 'BR',
      placeholder: 'SP/São Paulo',
      description:
        'BR (feriados nacionais), uma UF (SP) ou UF/capital; mais os feriados do workspace.',
      showWhen: { days: ['business', 'nth_business'] },
    },
    nth_business_day: {
      type: 'number',
      label: 'N-ésimo dia útil',
      default: defaultNthBusinessDay,
      min: 1,
      max: maxNthBusinessDay,
      description: 'Dispara só nesse dia útil do mês (1 é o primeiro).',
      showWhen: { days: ['nth_business'] },
    },
  },
  outputs: { default: { label: 'Saída' } },
  checkParams: checkScheduleParams,
  /** The server passes `{payload: {scheduled_at, timezone}}`. */
  async run({ input }) {
    return { output: 'default', msg: input };
  },
});
