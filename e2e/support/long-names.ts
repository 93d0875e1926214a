import { newWidget } from '@ponte/shared/dashboards.schema';
import type { Call } from './api';
import { chain } from './api';

/** A name as long as the name fields allow (120), without a space to break it. */
export const longName = (prefix: string, length = 120) =>
  `${prefix}${'x'.repeat(length - prefix.length - 4)}FIM${length % 10}`;

export interface LongNamedList {
  /** The list's address. */
  path: string;
  /** The name created there. */
  name: string;
}

async function create(call: Call, path: string, body: object): Promise<void> {
  const created = await call('POST', path, body);
  if (created.status >= 300) {
    throw new Error(`POST ${path} falhou: ${created.status} ${JSON.stringify(created.body)}`);
  }
}

/**
 * One resource of each list, each named by the longest name its field allows and no space:
 * the names a table has to cut without pushing its actions out of the window.
 */
export async function createLongNamedResources(call: Call): Promise<LongNamedList[]> {
  const lists: LongNamedList[] = [
    { path: '/flows', name: longName('FluxoDeImportacaoDePedidos') },
    { path: '/forms', name: longName('FormularioDeCadastroDeClientes') },
    { path: '/queues', name: longName('FilaDeNotasFiscais') },
    { path: '/database/tables', name: longName('TabelaDeClientes') },
    { path: '/dashboards', name: longName('PainelDeVendas') },
    { path: '/alert-rules', name: longName('AlertaDeErros') },
    { path: '/groups', name: longName('GrupoDoFinanceiro', 50) },
    { path: '/custom-nodes', name: longName('ConectorDoERP') },
    { path: '/variables', name: longName('VariavelDoAmbiente') },
    { path: '/service-accounts', name: longName('ContaDoBanco') },
    { path: '/storage', name: longName('PastaDeRelatorios') },
  ];
  const [flow, form, queue, table, dashboard, rule, group, connector, variable, account, folder] =
    lists.map((list) => list.name) as [string, ...string[]];
  await create(call, '/api/v1/flows', {
    name: flow,
    enabled: true,
    data: chain({ type: 'core_manual_trigger', params: { fields: [] } }),
  });
  await create(call, '/api/v1/forms', {
    name: form,
    status: 'published',
    title: 'Cadastro',
    fields: [{ type: 'text', name: 'nome', label: 'Nome' }],
  });
  await create(call, '/api/v1/queues', { name: queue });
  await create(call, '/api/v1/db/tables', {
    name: table,
    fields: [{ name: 'nome', label: 'Nome', type: 'string', length: 100 }],
  });
  await create(call, '/api/v1/dashboards', { name: dashboard, widgets: [newWidget('text_html')] });
  await create(call, '/api/v1/alert-rules', {
    name: rule,
    action: 'webhook',
    action_webhook_url: 'https://alertas.exemplo.com.br/ponte',
    match_log_content: 'erro',
  });
  await create(call, '/api/v1/groups', { name: group });
  await create(call, '/api/v1/custom-nodes', {
    name: connector,
    service_name: 'ERP',
    description: 'Consulta pedidos no ERP',
  });
  await create(call, '/api/v1/variables', { name: variable, key: 'AMBIENTE', value: 'producao' });
  await create(call, '/api/v1/service-accounts', {
    name: account,
    auth_type: 'database_uri',
    database_uri: { uri: 'postgres://u:s@db/erp' },
  });
  await create(call, '/api/v1/storage/folder', { pathFile: `/${folder}` });
  return lists;
}
