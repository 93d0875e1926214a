import { defineNode } from '../../../kit/define-node';
import { checkScheduleParams, defaultTimezone } from './schedule';

export const scheduleTriggerNode = defineNode({
  type: 'core_schedule_trigger',
  version: 1,
  category: 'trigger',
  label: 'Agendamento',
  description: 'Inicia o flow nos horários de uma expressão cron, no fuso escolhido.',
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
  },
  outputs: { default: { label: 'Saída' } },
  checkParams: checkScheduleParams,
  /** The server passes `{payload: {scheduled_at, timezone}}`. */
  async run({ input }) {
    return { output: 'default', msg: input };
  },
});
