import {
  nodeManifestSchema,
  type LookupOption,
  type ParamSpec,
} from '@ponte/shared/flow/node-manifest.schema';
import {
  defineNode,
  type LookupRequest,
  type NodeDefinition,
  type ParamSpecInput,
} from '../../kit/define-node';
import { hostChecker } from '../../nodes/actions/http-request/http-auth';
import { sendConnectorRequest, withoutCallResult, type ConnectorCall } from './connector-http';
import type {
  ConnectorDeclaration,
  ConnectorPaging,
  ConnectorRequest,
  ConnectorService,
} from './connector-types';

export type * from './connector-types';

/** Largest number of items 'Buscar todos' gathers, and pages it reads, in one run. */
export const pagingCaps = { items: 10_000, pages: 100 };

const operationOptions = (operations: ConnectorDeclaration['operations']) =>
  Object.entries(operations).map(([value, op]) => ({
    value,
    label: `${op.resource} → ${op.action}`,
  }));

/** The operations using a param: it is shown only for them. */
function usedBy(declaration: ConnectorDeclaration, name: string): string[] {
  return Object.entries(declaration.operations)
    .filter(([, op]) => op.params.includes(name))
    .map(([key]) => key);
}

/** 'Conta de serviço' of a connector's node (operations, triggers, pollers). */
export function accountParam(accepts: string[], description?: string): ParamSpecInput {
  return {
    type: 'service_account',
    label: 'Conta de serviço',
    required: true,
    accepts,
    ...(description ? { description } : {}),
  };
}

/** The node's params: the account, the operation, each declared param, then the paging ones. */
function nodeParams(declaration: ConnectorDeclaration): Record<string, ParamSpecInput> {
  const operations = Object.keys(declaration.operations);
  const listing = operations.filter((key) => declaration.operations[key]!.paging);
  const params: Record<string, ParamSpecInput> = {
    service_account: accountParam(declaration.accountTypes),
    operation: {
      type: 'select',
      label: 'Operação',
      required: true,
      default: operations[0],
      options: operationOptions(declaration.operations),
    },
  };
  for (const [name, spec] of Object.entries(declaration.params)) {
    const using = usedBy(declaration, name);
    if (!using.length) throw new Error(`${declaration.service}: o parâmetro ${name} não é usado.`);
    params[name] = { ...spec, showWhen: { operation: using } };
  }
  if (listing.length) {
    params.return_all = {
      type: 'boolean',
      label: 'Buscar todos',
      description: `Segue as páginas do serviço até o fim (no máximo ${pagingCaps.items.toLocaleString('pt-BR')} itens).`,
      default: false,
      showWhen: { operation: listing },
    };
    params.limit = {
      type: 'number',
      label: 'Limite',
      description: 'Quantos itens trazer quando não busca todos.',
      default: 50,
      min: 1,
      max: pagingCaps.items,
      showWhen: { operation: listing },
    };
  }
  return params;
}

/**
 * A service connector (docs/adr/0090): one node whose 'Operação' picks what it does, each
 * operation showing only its own params, every call made through the engine's HTTP port (the
 * network guard) with the account's credential, retried when the service asks to wait, its
 * refusals in pt-BR.
 */
export function defineConnector(declaration: ConnectorDeclaration): NodeDefinition {
  for (const op of Object.values(declaration.operations)) {
    const unknown = op.params.find((name) => !(name in declaration.params));
    if (unknown) throw new Error(`${declaration.service}: parâmetro ${unknown} não declarado.`);
  }
  for (const [name, spec] of Object.entries(declaration.params)) {
    if (!spec.lookup) continue;
    if (!declaration.lookups?.[spec.lookup.name])
      throw new Error(
        `${declaration.service}: ${name} usa a lista ${spec.lookup.name}, que não existe.`,
      );
    const missing = spec.lookup.dependsOn?.find((other) => !(other in declaration.params));
    if (missing)
      throw new Error(`${declaration.service}: ${name} depende de ${missing}, que não existe.`);
  }
  const node = defineNode({
    type: `svc_${declaration.service}`,
    version: 1,
    category: 'action',
    label: declaration.label,
    description: declaration.description,
    icon: declaration.icon,
    params: nodeParams(declaration) as Record<string, ParamSpec>,
    outputs: { default: { label: 'Saída' } },
    async run({ params, input, ports, scope, signal, log }) {
      const operation = declaration.operations[String(params.operation)];
      if (!operation) throw new Error(`Operação desconhecida: ${String(params.operation)}.`);
      const call = await openCall(declaration, String(params.service_account), {
        ports,
        scope,
        signal,
      });
      const own = Object.fromEntries(
        operation.params.filter((name) => name in params).map((name) => [name, params[name]]),
      );
      const first = operation.request(own);
      let payload: unknown;
      if (operation.withoutCall) {
        payload = withoutCallResult(call, operation, first);
      } else if (operation.paging) {
        const limit = params.return_all ? pagingCaps.items : Number(params.limit ?? 50);
        const gathered = await gather(call, operation.paging, first, limit);
        payload = gathered.items;
        // The caps, not the service, ended the listing: the person is told, nothing is hidden.
        if (gathered.capped) {
          log.user(
            declaration.label,
            `'Buscar todos' parou em ${gathered.items.length.toLocaleString('pt-BR')} itens (${gathered.pages} páginas): ${declaration.label} tem mais. Filtre a busca para trazer o resto.`,
          );
        }
      } else {
        const response = await sendConnectorRequest(call, first);
        const result = operation.result ?? declaration.result;
        payload = operation.followUp
          ? await operation.followUp(response, own, (next) => sendConnectorRequest(call, next))
          : result
            ? result(response)
            : response.body;
      }
      return { output: 'default', msg: { ...input, payload } };
    },
  });
  // The manifest as the library serves it (defaults filled): a bad param fails here, in tests.
  return {
    ...node,
    manifest: nodeManifestSchema.parse(node.manifest),
    lookupOptions: (name, request) => lookupOptions(declaration, name, request),
  };
}

/** The account of a run, a picker or a poll, checked, with the base URL its calls go to. */
export async function openCall(
  declaration: ConnectorService,
  accountId: string,
  { ports, scope, signal }: Pick<ConnectorCall, 'ports' | 'scope' | 'signal'>,
): Promise<ConnectorCall> {
  const account = await ports.serviceAccounts.get(scope, accountId, signal);
  if (!account) throw new Error('A conta de serviço escolhida não existe mais.');
  if (!declaration.accountTypes.includes(account.type)) {
    throw new Error(
      `A conta "${account.name}" não é de um tipo que o conector ${declaration.label} aceita.`,
    );
  }
  const refused = declaration.refuseAccount?.(account);
  if (refused) throw new Error(refused);
  const apiUrl = typeof account.data.api_url === 'string' ? account.data.api_url.trim() : '';
  const vendorUrl =
    typeof declaration.baseUrl === 'function' ? declaration.baseUrl(account) : declaration.baseUrl;
  return {
    declaration,
    account,
    baseUrl: apiUrl || vendorUrl,
    checkHost: hostChecker(account),
    ports,
    scope,
    signal,
  };
}

/** Most options a picker shows: past it, the person types the id or filters. */
export const lookupCap = 1000;

/** A picker's options through the account, following the service's pages up to `lookupCap`. */
async function lookupOptions(
  declaration: ConnectorDeclaration,
  name: string,
  request: LookupRequest,
): Promise<LookupOption[]> {
  const lookup = declaration.lookups?.[name];
  if (!lookup) throw new Error(`${declaration.label} não tem a lista "${name}".`);
  const call = await openCall(declaration, request.accountId, request);
  const first = lookup.request(request.params);
  if (!lookup.paging)
    return lookup.options(await sendConnectorRequest(call, first)).slice(0, lookupCap);
  const paging: ConnectorPaging = {
    ...lookup.paging,
    items: (response) => lookup.options(response),
  };
  const { items } = await gather(call, paging, first, lookupCap);
  return items as LookupOption[];
}

/**
 * Follows the pages from `first` until the service says there is no other or `limit` items;
 * `capped` when the caps (pages or items), not the service nor `limit`, ended it.
 */
async function gather(
  call: ConnectorCall,
  paging: ConnectorPaging,
  first: ConnectorRequest,
  limit: number,
): Promise<{ items: unknown[]; pages: number; capped: boolean }> {
  const items: unknown[] = [];
  let request: ConnectorRequest | null = first;
  let pages = 0;
  while (request && pages < pagingCaps.pages && items.length < limit) {
    const response = await sendConnectorRequest(call, request);
    pages++;
    const pageItems = paging.items(response);
    items.push(...pageItems);
    request = pageItems.length ? paging.next(request, response, pageItems) : null;
  }
  const more = request !== null || items.length > limit;
  const capped = more && (pages >= pagingCaps.pages || items.length >= pagingCaps.items);
  return { items: items.slice(0, limit), pages, capped };
}
