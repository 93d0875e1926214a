import type { MapContext, Mapped, N8nParams } from '../n8n-workflow';

/** n8n's triggers as Ponte's (ADR 0135). */

const one = (type: string, params: Record<string, unknown> = {}): Mapped => ({
  type,
  params,
  outputs: [['default']],
});

export const manualTrigger = (): Mapped =>
  one('core_manual_trigger', { description: '', fields: [] });

export const errorTrigger = (context: MapContext): Mapped => {
  context.note(
    'O gatilho de erro do Ponte recebe {error: {message, node_uid}, execution_id, flow_id} em msg.payload; o do n8n trazia {execution, workflow}: revise as expressões que leem o erro.',
  );
  return one('core_error_trigger');
};

export const flowTrigger = (context: MapContext): Mapped => {
  const inputs = context.params.workflowInputs?.values;
  if (Array.isArray(inputs) && inputs.length)
    context.note(
      'Os campos de entrada declarados no n8n não são conferidos: o flow recebe em msg.payload o que o chamador enviar.',
    );
  return one('core_flow_trigger');
};

const responseModes: Record<string, string> = {
  onReceived: 'immediate',
  lastNode: 'last_node',
  responseNode: 'respond_node',
};

function webhookAuth(context: MapContext): Record<string, unknown> {
  const auth = context.params.authentication ?? 'none';
  if (auth === 'basicAuth') {
    context.note(
      'Autenticação básica: usuário e senha ficam na credencial do n8n e não vêm no arquivo; preencha-os no gatilho.',
    );
    return { auth: 'basic', auth_username: '', auth_password: '' };
  }
  if (auth === 'headerAuth') {
    context.note(
      'Autenticação por cabeçalho: o nome e o valor ficam na credencial do n8n e não vêm no arquivo; confira o nome e preencha o valor no gatilho.',
    );
    return { auth: 'header', auth_header_name: 'Authorization', auth_header_value: '' };
  }
  if (auth !== 'none')
    context.note(
      `A autenticação "${auth}" do webhook não existe no Ponte: o gatilho ficou sem autenticação.`,
    );
  return { auth: 'none' };
}

export const webhookTrigger = (context: MapContext): Mapped => {
  const { params, node } = context;
  const methods =
    params.multipleMethods && Array.isArray(params.httpMethod)
      ? params.httpMethod
      : [params.httpMethod ?? 'GET'];
  if (methods.length > 1)
    context.note(
      `O webhook aceitava vários métodos (${methods.join(', ')}); no Ponte, só ${methods[0]}.`,
    );
  const responseMode = String(params.responseMode ?? 'onReceived');
  const response = responseModes[responseMode] ?? 'immediate';
  if (!responseModes[responseMode])
    context.note(`O modo de resposta "${responseMode}" virou a resposta imediata.`);
  const path = String(params.path || node.webhookId || node.name).replace(/^\/+/, '');
  return {
    ...one('core_webhook_trigger', {
      method: String(methods[0]).toUpperCase(),
      path,
      response,
      ...webhookAuth(context),
    }),
    then: webhookItem,
  };
};

/**
 * n8n's webhook item is {headers, params, query, body}; Ponte's webhook gives the body as
 * `msg.payload` and the rest in `msg.webhook`: a node after it gives the payload n8n's shape,
 * so that `$json.body.x` (→ `msg.payload.body.x`) reads what it read in n8n.
 */
const webhookItem: Mapped['then'] = {
  type: 'core_set',
  label: 'Item do webhook (como no n8n)',
  params: {
    target: 'msg',
    values: [
      {
        path: 'payload',
        value:
          '{{ {"headers": msg.webhook.headers, "params": msg.webhook.params, "query": msg.webhook.query, "body": msg.payload} }}',
      },
    ],
  },
};

export const formTrigger = (): Mapped => ({
  ...one('core_form_trigger', { form: '' }),
  notTranslated:
    'O gatilho de formulário do n8n descreve o formulário no próprio nó; no Ponte o formulário é um recurso do workspace. Crie o formulário em Formulários e use o gatilho de formulário com ele.',
});

/** The flow's time zone: the workflow's own, else São Paulo. */
export const timezoneOf = (settings: Record<string, unknown>) =>
  typeof settings.timezone === 'string' && settings.timezone !== 'DEFAULT'
    ? settings.timezone
    : 'America/Sao_Paulo';

const int = (value: unknown, fallback: number) => {
  const number = Number(value);
  return Number.isInteger(number) && number >= 0 ? number : fallback;
};

/** One interval of the Schedule Trigger's rule as a cron expression, or null. */
function intervalCron(rule: N8nParams, context: MapContext): string | null {
  const minute = int(rule.triggerAtMinute, 0);
  const hour = int(rule.triggerAtHour, 0);
  switch (rule.field ?? 'days') {
    case 'seconds':
      return `*/${int(rule.secondsInterval, 30)} * * * * *`;
    case 'minutes':
      return `*/${int(rule.minutesInterval, 5)} * * * *`;
    case 'hours':
      return `${minute} */${int(rule.hoursInterval, 1)} * * *`;
    case 'days':
      return `${minute} ${hour} */${int(rule.daysInterval, 1)} * *`;
    case 'weeks': {
      const weeks = int(rule.weeksInterval, 1);
      if (weeks > 1)
        context.note(`"A cada ${weeks} semanas" virou toda semana: o cron não conta semanas.`);
      const days =
        Array.isArray(rule.triggerAtDay) && rule.triggerAtDay.length
          ? rule.triggerAtDay.join(',')
          : '0';
      return `${minute} ${hour} * * ${days}`;
    }
    case 'months':
      return `${minute} ${hour} ${int(rule.triggerAtDayOfMonth, 1)} */${int(rule.monthsInterval, 1)} *`;
    case 'cronExpression':
      return typeof rule.expression === 'string' ? rule.expression.trim() : null;
    default:
      return null;
  }
}

/** The old Cron node's `triggerTimes.item` entry as a cron expression, or null. */
function cronNodeTime(item: N8nParams): string | null {
  const minute = int(item.minute, 0);
  const hour = int(item.hour, 14);
  const mode = item.mode ?? 'everyDay';
  if (mode === 'everyMinute') return '* * * * *';
  if (mode === 'everyHour') return `${minute} * * * *`;
  if (mode === 'everyDay') return `${minute} ${hour} * * *`;
  if (mode === 'everyWeek') return `${minute} ${hour} * * ${int(item.weekday, 1)}`;
  if (mode === 'everyMonth') return `${minute} ${hour} ${int(item.dayOfMonth, 1)} * *`;
  if (mode === 'everyX')
    return item.unit === 'hours'
      ? `0 */${int(item.value, 2)} * * *`
      : `*/${int(item.value, 2)} * * * *`;
  if (mode === 'custom' && typeof item.cronExpression === 'string')
    return item.cronExpression.trim();
  return null;
}

export const scheduleTrigger = (context: MapContext): Mapped => {
  const { params, node } = context;
  let crons: (string | null)[];
  if (node.type.endsWith('.cron')) {
    crons = (params.triggerTimes?.item ?? [{}]).map(cronNodeTime);
  } else if (node.type.endsWith('.interval')) {
    const value = int(params.interval, 1);
    const unit = params.unit ?? 'seconds';
    crons = [
      unit === 'hours'
        ? `0 */${value} * * *`
        : unit === 'minutes'
          ? `*/${value} * * * *`
          : `*/${value} * * * * *`,
    ];
  } else {
    const intervals: N8nParams[] = params.rule?.interval?.length ? params.rule.interval : [{}];
    crons = intervals.map((rule) => intervalCron(rule, context));
  }
  const usable = crons.filter((cron): cron is string => !!cron);
  if (!usable.length) {
    return {
      ...one('core_schedule_trigger', { cron: '', timezone: timezoneOf(context.settings) }),
      notTranslated: 'A regra do agendamento não tem equivalente em cron.',
    };
  }
  if (usable.length < crons.length || usable.length > 1)
    context.note(
      `O agendamento tinha ${crons.length} regras; no Ponte ficou a primeira (${usable[0]}). Crie outros flows para as demais: ${usable.slice(1).join('; ') || '—'}.`,
    );
  return one('core_schedule_trigger', { cron: usable[0], timezone: timezoneOf(context.settings) });
};
