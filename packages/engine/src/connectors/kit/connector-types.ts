import type { LookupOption } from '@ponte/shared/flow/node-manifest.schema';
import type { ParamSpecInput } from '../../kit/define-node';
import type { HttpClientCertificate, HttpRequest, ServiceAccount } from '../../ports';

/** One call of an operation, relative to the service's base URL (docs/adr/0090). */
export interface ConnectorRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Relative to the base URL (`sendMessage`, `v3/pedidos/vendas`). */
  path: string;
  /** A list repeats its key, once per value (`idsProdutos[]=1&idsProdutos[]=2`). */
  query?: Record<string, string | number | boolean | undefined | readonly (string | number)[]>;
  /** Sent as JSON. */
  json?: unknown;
  /**
   * Sent as is instead of `json` (an S3 object's content); its type in `headers`
   * (`content-type`), else `application/octet-stream`.
   */
  body?: string;
  /** Headers of this call (lower-case names) over the kit's `accept` and `content-type`. */
  headers?: Record<string, string>;
  /** A call that may take longer than the kit's `retryPolicy.timeoutMs` (a model writing). */
  timeoutMs?: number;
  /**
   * Watches each response's body as it arrives (the HTTP port's `onChunk`), a refusal's and a
   * 429's too: the head says which (docs/adr/0102).
   */
  onChunk?: HttpRequest['onChunk'];
}

/** A request as it leaves: `authorize` may change its URL and headers. */
export interface ConnectorSignedRequest {
  method: ConnectorRequest['method'];
  url: URL;
  headers: Record<string, string>;
  /**
   * The body as sent (JSON text or the request's `body`), for signatures over it; `authorize`
   * may replace it for a service that wants the credential inside the body (Omie's `app_key`
   * and `app_secret`).
   */
  body?: string;
}

export interface ConnectorAuthContext {
  /** The account's bearer token through the engine's port (refreshed when it expires). */
  accessToken(): Promise<string>;
  /** The execution's clock (signatures carry the time). */
  now(): Date;
}

/** The service's answer, its body parsed by its content type. */
export interface ConnectorResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  /** The answer's bytes as received (a file's content, whatever its type). */
  bytes?: Uint8Array;
}

/** How an operation that lists follows the service's pages. */
export interface ConnectorPaging {
  /** The items of one page. */
  items(response: ConnectorResponse): unknown[];
  /** The request of the next page, or null when this one was the last. */
  next(
    request: ConnectorRequest,
    response: ConnectorResponse,
    items: unknown[],
  ): ConnectorRequest | null;
}

/**
 * A picker's options through the account (docs/adr/0092): Slack's channels, a Trello board's
 * lists. A param names it with `lookup: {name, dependsOn}`.
 */
export interface ConnectorLookup {
  /** The request, from the current values of the params the picker depends on. */
  request(params: Record<string, unknown>): ConnectorRequest;
  /** The options of one answer (one page). */
  options(response: ConnectorResponse): LookupOption[];
  /** Present when the service pages the list: the kit follows it up to `lookupCap` options. */
  paging?: ConnectorPaging;
}

export interface ConnectorOperation {
  /** What the operation acts on, in pt-BR: 'Mensagem', 'Pedido de venda'. */
  resource: string;
  /** What it does, in pt-BR: 'Enviar', 'Criar'. */
  action: string;
  /** The connector's params this operation uses, in the panel's order. */
  params: string[];
  /** Its request, from the resolved params (only its own are present). */
  request(params: Record<string, unknown>): ConnectorRequest;
  /** Present for the operations that list: 'Buscar todos' and 'Limite' follow the pages. */
  paging?: ConnectorPaging;
  /** `msg.payload` from the answer (default: the body; a listing gives its items). */
  result?(response: ConnectorResponse): unknown;
  /**
   * The calls after the first, for an operation the service splits in steps (Slack's upload:
   * ask an address, send the bytes there, complete; a sheet's row found, then updated) or whose
   * payload depends on its params: from the first answer and the params, each call made with
   * `send` (same account, guard, waits and refusals), it gives `msg.payload`.
   */
  followUp?(
    first: ConnectorResponse,
    params: Record<string, unknown>,
    send: (request: ConnectorRequest) => Promise<ConnectorResponse>,
  ): Promise<unknown>;
  /**
   * An operation that makes no call (an S3 presigned URL): `msg.payload` from its request as it
   * would leave (the URL resolved and checked against the account's hosts), the account and
   * the execution's clock.
   */
  withoutCall?(
    request: ConnectorSignedRequest,
    account: ServiceAccount,
    context: ConnectorAuthContext,
  ): unknown;
}

/**
 * What a connector's calls need of its declaration (the account types, base URL, signing,
 * refusals and waits): a poller of the service (docs/adr/0091) shares it with the connector.
 */
export type ConnectorService = Pick<
  ConnectorDeclaration,
  | 'service'
  | 'label'
  | 'accountTypes'
  | 'baseUrl'
  | 'refuseAccount'
  | 'authorize'
  | 'errorMessage'
  | 'rateLimited'
  | 'failure'
  | 'retryAfterMs'
  | 'clientCertificate'
>;

export interface ConnectorDeclaration {
  /** Lower-case name: the node type is `svc_<service>`. */
  service: string;
  /** The service's name as people write it: 'Telegram'. */
  label: string;
  description: string;
  /** A Tabler icon name. */
  icon: string;
  /** The service account types it accepts. */
  accountTypes: string[];
  /**
   * The vendor's base URL, or the account's when it depends on its fields (a region); an
   * account's 'URL da API' (`api_url`) replaces it.
   */
  baseUrl: string | ((account: ServiceAccount) => string);
  /** The params the operations draw from; each is shown only for the operations using it. */
  params: Record<string, ParamSpecInput>;
  operations: Record<string, ConnectorOperation>;
  /** The pickers' lookups, by name (a param's `lookup.name`). */
  lookups?: Record<string, ConnectorLookup>;
  /**
   * Why an account of an accepted type is not one this service takes (the generic `oauth2`
   * type of another service), in pt-BR; undefined when it is. Checked before any call.
   */
  refuseAccount?(account: ServiceAccount): string | undefined;
  /**
   * Adds the account's credential to a request (headers, or the path where the service wants
   * it; a signature over the method, URL and body). May wait: `context.accessToken()` gives the
   * bearer token of accounts that issue one (OAuth2, a login), and a 401 answer to a request
   * that used it is tried once more with a new one.
   */
  authorize(
    account: ServiceAccount,
    request: ConnectorSignedRequest,
    context: ConnectorAuthContext,
  ): void | Promise<void>;
  /**
   * The pt-BR message of a refusal, naming the service and, when it says, the field; undefined
   * when the answer does not say (the status is given).
   */
  errorMessage(response: ConnectorResponse): string | undefined;
  /**
   * Whether a refusal other than 429/503 is the service limiting the calls (Meta answers 400
   * with its own codes): the kit then waits and tries again as on a 429.
   */
  rateLimited?(response: ConnectorResponse): boolean;
  /**
   * Whether an answer is a refusal (default: a status outside 2xx). For a service that answers
   * its refusals with 200 and says so in the body (Sankhya's `status: '0'`), or whose "nothing
   * found" comes as an error status; a refusal goes on to the 401, wait and `errorMessage` rules.
   */
  failure?(response: ConnectorResponse): boolean;
  /** How long the service asked to wait before another try (ms), when its answer says. */
  retryAfterMs?(response: ConnectorResponse): number | undefined;
  /**
   * The client certificate every call of the account presents (mutual TLS: a PSP's Pix API,
   * docs/adr/0117), through the same HTTP port and guard.
   */
  clientCertificate?(account: ServiceAccount): HttpClientCertificate;
  /** `msg.payload` of a success, for every operation without its own `result` (default: the body). */
  result?(response: ConnectorResponse): unknown;
}
