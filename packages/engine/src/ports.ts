import type { DeclaredInput } from '@ponte/shared/flow/declared-inputs';
import type { RecordQuery, RecordTarget } from '@ponte/shared/db-record-query.schema';
import type { Entity } from '@ponte/shared/db-tables.schema';
import type { WorkspaceHoliday } from '@ponte/shared/brazil/calendar/holiday-types';

/**
 * The engine reaches the world only through these ports; `apps/server` implements them in
 * `src/adapters/`, tests pass fakes. Every port call that does I/O takes the execution's
 * AbortSignal, and the type requires it: an effect cannot start without its deadline. An
 * aborted signal makes the call reject with the signal's reason (the execution's abort), at
 * once when it was aborted before the call, and as soon as the implementation can when it
 * is aborted during it.
 */

import type { ExecutionScope } from './execution-scope';
import type { AgentMemoryPort, AiUsagePort, ApprovalsPort } from './ports-ai';
import type { ApprovalWaitsPort, WaitLinksPort } from './ports-waits';

export type { ExecutionScope } from './execution-scope';
export * from './ports-ai';
export * from './ports-waits';

export interface HttpRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** Already encoded: text, or bytes for binary and multipart bodies. */
  body?: string | Uint8Array;
  timeoutMs: number;
  signal: AbortSignal;
  /**
   * The chain depth an execution this request starts would have (the caller's plus one): the
   * server's client sends it as `x-ponte-chain`, so a flow calling its own webhook is caught.
   */
  chainDepth?: number;
  /**
   * Reads the final response's body as it arrives (a model's streamed answer, docs/adr/0102):
   * called with each piece, decoded, in order, before the request resolves with the whole body.
   * The same guard, timeout, size cap and signal apply; a redirect's body is never given. A
   * throw from it fails the request with that error.
   */
  onChunk?: (chunk: Uint8Array, response: HttpResponseHead) => void;
  /**
   * The client certificate this request presents (mutual TLS, a PSP's Pix API, docs/adr/0117):
   * used for this request only, through the same network guard.
   */
  clientCertificate?: HttpClientCertificate;
}

/** A client certificate for mutual TLS, as PEM texts. */
export interface HttpClientCertificate {
  cert: string;
  key: string;
  /** The key's password, when it is encrypted. */
  passphrase?: string;
  /** The authority that signed the server's certificate, when it is not a public one. */
  ca?: string;
}

/** The status and headers (lower-case names) of the response whose body `onChunk` reads. */
export interface HttpResponseHead {
  status: number;
  headers: Record<string, string>;
}

/** The header outbound requests of an execution carry, read by the webhook trigger. */
export const chainHeader = 'x-ponte-chain';

/**
 * What a flow and its user code may hold in the server's own memory (docs/adr/0017). Every
 * bound of that kind is here; the messages that name them are pt-BR.
 */
export const memoryLimits = {
  /** Largest message (its JSON) a node may send: 16 MB. */
  messageBytes: 16 * 1024 * 1024,
  /** Largest file the FTP node downloads: 10 MB (its base64 fits a message). */
  ftpDownloadBytes: 10 * 1024 * 1024,
  /** Largest stored file 'Ler arquivo' reads into a message: 10 MB (its base64 fits one). */
  storageReadBytes: 10 * 1024 * 1024,
  /** Largest response body, compressed or decoded, of any outbound request: 16 MB. */
  httpResponseBytes: 16 * 1024 * 1024,
  /** Requests of one sandbox run in flight at once (the others wait their turn). */
  sandboxConcurrentFetches: 4,
  /** Bodies of the requests of one sandbox run waiting for an answer, together: 64 MB. */
  sandboxRequestBodyBytes: 64 * 1024 * 1024,
  /** Host calls (timers, requests, getVar) one sandbox run may have waiting at once. */
  sandboxPendingCalls: 1_000,
  /** Characters of one console.log line of a sandbox run. */
  sandboxLogChars: 100_000,
  /** Intl objects (ICU data outside the isolate's heap) one sandbox run may create. */
  sandboxIntlObjects: 2_000,
  /** Characters one sandbox run may hand to Intl.Segmenter (each copied outside the heap). */
  sandboxSegmentedChars: 4 * 1024 * 1024,
  /** An execution's flow data, serialized as JSON: 1 MB. */
  flowDataBytes: 1024 * 1024,
  /** Keys in an execution's flow data, at every level. */
  flowDataKeys: 10_000,
  /** Characters of one key of the flow data. */
  flowDataKeyChars: 200,
  /** Characters of a path into the flow data (`pedido.itens.0.sku`). */
  flowDataPathChars: 1_000,
  /** Messages of one execution waiting for a node or being run, together: 128 MB. */
  executionWaitingBytes: 128 * 1024 * 1024,
  /** User and debug log lines of one execution (the rest are dropped, with a notice). */
  executionLogLines: 10_000,
  /** Characters of those lines, together: 10 MB. */
  executionLogBytes: 10 * 1024 * 1024,
} as const;

/** Largest response body (decoded) any outbound request may bring back: 16 MB. */
export const maxHttpResponseBytes = memoryLimits.httpResponseBytes;

export interface HttpResponse {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: Uint8Array;
}

export interface HttpPort {
  request(request: HttpRequest): Promise<HttpResponse>;
}

/** Workspace then system variables; flow variables are resolved by the engine before these. */
export interface VariablesPort {
  get(scope: ExecutionScope, key: string, signal: AbortSignal): Promise<string | undefined>;
  /** Every variable visible to the execution, for `vars` in expressions. */
  all(scope: ExecutionScope, signal: AbortSignal): Promise<Record<string, string>>;
}

/**
 * The holidays the workspace added itself (docs/adr/0121), for the business-day functions: the
 * whole list of the scope's workspace, in calendar order. Executions ask it at most once, and
 * only when an expression needs it.
 */
export interface HolidaysPort {
  list(scope: ExecutionScope, signal: AbortSignal): Promise<WorkspaceHoliday[]>;
}

export interface ServiceAccount {
  _id: string;
  /** What the workspace calls it: messages about the account name it. */
  name: string;
  type: string;
  /** Decrypted fields of the account (token, username, password, host…). */
  data: Record<string, unknown>;
  /**
   * Hosts this installation set for the account's provider (its PONTE_OAUTH_* addresses): the
   * account may sign requests to them besides its own (docs/adr/0071).
   */
  configuredHosts?: string[];
}

export interface ServiceAccountsPort {
  /** The account of the scope's workspace with its secrets decrypted, or undefined. */
  get(scope: ExecutionScope, id: string, signal: AbortSignal): Promise<ServiceAccount | undefined>;
  /**
   * The bearer credential of an account that issues tokens: `jwt` (fetched from its auth_url
   * and kept for its ttl), `oauth2` and the provider OAuth2 types (refreshed ahead of expiry).
   * `force` fetches or refreshes now: the HTTP node asks so once after a 401. Rejects with a
   * pt-BR message (an account never authorised, a refresh refused…).
   */
  accessToken(
    scope: ExecutionScope,
    id: string,
    options: { force?: boolean; signal: AbortSignal },
  ): Promise<string>;
}

export interface MailAttachment {
  filename: string;
  content: Uint8Array;
  contentType?: string;
}

export interface MailMessage {
  serviceAccountId: string;
  to: string[];
  cc?: string[];
  bcc?: string[];
  subject: string;
  /** Already sanitised by the port before it is sent. */
  html?: string;
  text?: string;
  attachments?: MailAttachment[];
}

export interface MailPort {
  send(
    scope: ExecutionScope,
    message: MailMessage,
    signal: AbortSignal,
  ): Promise<{ messageId?: string }>;
}

/** One statement for `core_sql_query`: `$1, $2…` in `query` take `parameters`, never spliced. */
export interface SqlQueryRequest {
  /** A `database_uri` account of the scope's workspace. */
  serviceAccountId: string;
  query: string;
  parameters: unknown[];
  /** Rows read at most; a statement with more answers these and `truncated: true`. */
  maxRows: number;
  /** The statement's time limit (server side and client side). */
  timeoutMs: number;
}

export interface SqlQueryResult {
  rows: Record<string, unknown>[];
  /** Rows answered, or rows changed by a statement that answers none (UPDATE, DELETE…). */
  rowCount: number;
  /** Column names, in order. */
  fields: string[];
  /** True when the statement had more rows than `maxRows` (they were not read). */
  truncated: boolean;
}

/**
 * External databases through `database_uri` accounts (docs/adr/0027). Rejects with a pt-BR
 * message that never holds the URI or the password; the signal cancels the statement.
 */
export interface SqlPort {
  query(
    scope: ExecutionScope,
    request: SqlQueryRequest,
    signal: AbortSignal,
  ): Promise<SqlQueryResult>;
}

/** One entry of an FTP directory listing. */
export interface FtpEntry {
  name: string;
  /** Bytes (0 for directories when the server does not say). */
  size: number;
  type: 'file' | 'directory' | 'link' | 'other';
  /**
   * The last change: an ISO date when the server gives a precise one (MLSD), else the
   * listing's own text (`Nov 24 03:05`), or null.
   */
  modified: string | null;
}

/** What every FTP call names: the ftp_server account of the scope's workspace and a path. */
export interface FtpTarget {
  serviceAccountId: string;
  path: string;
  signal: AbortSignal;
}

/**
 * Files on an FTP or FTPS server of an `ftp_server` account (ADR 0028). The server connects
 * only to an address the network guard accepted. Every failure is an Error with a pt-BR
 * message that never holds the password.
 */
export interface FtpPort {
  list(scope: ExecutionScope, target: FtpTarget): Promise<FtpEntry[]>;
  /** The file's bytes; a file larger than `maxBytes` is refused (pt-BR) without holding it. */
  download(scope: ExecutionScope, target: FtpTarget & { maxBytes: number }): Promise<Uint8Array>;
  upload(scope: ExecutionScope, target: FtpTarget & { content: Uint8Array }): Promise<void>;
  delete(scope: ExecutionScope, target: FtpTarget): Promise<void>;
}

export interface ExecuteFlowRequest {
  flowId: string;
  payload: unknown;
  /** true: resolves with the called flow's last message; false: resolves once enqueued. */
  wait: boolean;
  signal: AbortSignal;
}

/**
 * Another flow of the workspace, run from this execution (`core_execute_flow`). It is given per
 * execution by whoever runs it (`ExecuteOptions.flows`): the server's runner builds it from
 * itself, so the engine can be built before the runner that uses it.
 */
export interface FlowsPort {
  execute(
    scope: ExecutionScope,
    request: ExecuteFlowRequest,
  ): Promise<{ execution_id: string; msg?: unknown }>;
  /**
   * The flow `flowId` of the scope's workspace as a tool shows it (docs/adr/0099): its name and
   * the inputs its 'Chamado por outro flow' trigger declares (null: it declares none); undefined
   * when it is missing. Absent in runners that do not know it.
   */
  describe?(
    scope: ExecutionScope,
    flowId: string,
    signal: AbortSignal,
  ): Promise<{ name: string; inputs: DeclaredInput[] | null } | undefined>;
}

/**
 * The workspace's database tables, for the record nodes (core_db_*). `table` is a table's `_id`
 * or its name; a table that is not of the scope's workspace is missing. Every failure is an
 * Error whose message people read (pt-BR, naming the table or the field): a missing table
 * `messages.recordNodes.tableMissing`, a value its field refuses, a unique value taken. Values
 * are validated and coerced like the records API's (the same service on the server), and
 * filters follow `recordQuerySchema` (values coerced to the field's type). A write that fails
 * changes nothing.
 *
 * The signal: a SQL driver cannot always cancel a statement it sent, so an implementation
 * refuses to start when the signal is already aborted, stops between statements, and rejects
 * with the signal's reason as soon as it is aborted (a statement already sent may still end,
 * committed or rolled back as a whole).
 */
export interface RecordsPort {
  insert(
    scope: ExecutionScope,
    table: string,
    data: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<Entity>;
  /** At most `query.limit` records (100 unless told, up to 1000), oldest first unless sorted. */
  find(
    scope: ExecutionScope,
    table: string,
    query: RecordQuery,
    signal: AbortSignal,
  ): Promise<Entity[]>;
  /** null when the table has no record with that id. */
  get(
    scope: ExecutionScope,
    table: string,
    id: string,
    signal: AbortSignal,
  ): Promise<Entity | null>;
  /**
   * Sets the given fields (the others keep their values) of the targeted records and answers
   * them updated (none matched: empty). A filter matching more than `limits.recordsUpdateMax`
   * records is refused before anything changes.
   */
  update(
    scope: ExecutionScope,
    table: string,
    target: RecordTarget,
    data: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<Entity[]>;
  /**
   * The record whose `uniqueField` (a field marked unique) holds `data[uniqueField]` gets the
   * given fields; without one, a record is inserted. Answers the record as stored.
   */
  upsert(
    scope: ExecutionScope,
    table: string,
    uniqueField: string,
    data: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<Entity>;
  /** How many records were removed (0 when none matched). */
  delete(
    scope: ExecutionScope,
    table: string,
    target: RecordTarget,
    signal: AbortSignal,
  ): Promise<number>;
}

/** A stored file as flows hold it: a logical path of the workspace's storage (ADR 0030). */
export interface StorageFileRef {
  path: string;
  name: string;
  size: number;
  mimetype: string;
}

/** One file or folder of a storage listing (spec 2 §3 'Storage item'). */
export interface StorageEntry {
  name: string;
  path: string;
  size: number;
  isFolder: boolean;
}

/**
 * The workspace's file storage (ADR 0030), the same service the /storage API uses: paths are
 * logical (`/relatorios/nov.pdf`) and never leave the workspace; the size limit per file and
 * the workspace's quota apply. Every failure is an Error with a pt-BR message that names the
 * logical path and never a path of the server. The signal reaches the storage driver (the
 * AWS SDK's `abortSignal` for S3, file system calls for the local one).
 */
export interface StoragePort {
  /**
   * Keeps `content` at `path` (its folders are created). An existing file is replaced when
   * `overwrite`, else refused; a folder there is always refused.
   */
  write(
    scope: ExecutionScope,
    path: string,
    content: Uint8Array,
    options: { overwrite: boolean; mimetype?: string },
    signal: AbortSignal,
  ): Promise<StorageFileRef>;
  /** The file's bytes; a file larger than `maxBytes` is refused (pt-BR) without reading it. */
  read(
    scope: ExecutionScope,
    path: string,
    maxBytes: number,
    signal: AbortSignal,
  ): Promise<{ file: StorageFileRef; content: Uint8Array }>;
  /** The file's reference (path, name, size, mimetype) without its bytes; null when missing. */
  stat(scope: ExecutionScope, path: string, signal: AbortSignal): Promise<StorageFileRef | null>;
  /** Copies a stored file to another path (folders created; `overwrite` as in write). */
  copy(
    scope: ExecutionScope,
    from: string,
    to: string,
    options: { overwrite: boolean },
    signal: AbortSignal,
  ): Promise<StorageFileRef>;
  /** A folder's items, folders first, then by name. A missing folder is refused. */
  list(scope: ExecutionScope, path: string, signal: AbortSignal): Promise<StorageEntry[]>;
  /** Removes a file, or a folder with everything in it. Missing: refused. */
  delete(scope: ExecutionScope, path: string, signal: AbortSignal): Promise<void>;
}

/** A message published into an internal queue (docs/adr/0033). */
export interface QueuePublishRequest {
  /** The queue's `_id` (or its name) in the scope's workspace. */
  queue: string;
  /** Any JSON value: the consumer flow receives it in msg.payload. */
  message: unknown;
  /** Starts no earlier than this many seconds from now (0 or absent: as soon as its turn). */
  delaySeconds?: number;
  /** A message with this key still waiting in the queue makes this one refused. */
  dedupKey?: string;
}

/**
 * The workspace's internal queues, the same service the /queues API uses. The publisher
 * recorded on the job is the publishing flow's name. Every failure is an Error with a pt-BR
 * message: a queue not of the scope's workspace is `messages.queues.notFound`, a duplicate key
 * `messages.queues.duplicate(key)`. A refused publish enqueues nothing; one aborted before it
 * starts enqueues nothing either.
 */
export interface QueuesPort {
  publish(
    scope: ExecutionScope,
    request: QueuePublishRequest,
    signal: AbortSignal,
  ): Promise<{ job_id: string; queue: { _id: string; name: string }; run_at: string }>;
}

export interface ClockPort {
  now(): number;
  /** Resolves after `ms`, rejects with the signal's reason when aborted. Never blocks. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export interface EnginePorts {
  http: HttpPort;
  variables: VariablesPort;
  /** The workspace's own holidays (docs/adr/0121). */
  holidays: HolidaysPort;
  serviceAccounts: ServiceAccountsPort;
  mail: MailPort;
  /** External databases (`core_sql_query`), through `database_uri` accounts. */
  sql: SqlPort;
  /** Files on FTP servers of the workspace's ftp_server accounts (ADR 0028). */
  ftp: FtpPort;
  /** Given per execution (`ExecuteOptions.flows`) over the engine's own, if it has one. */
  flows: FlowsPort;
  /** The workspace's database tables: the server's records service (ADR 0023). */
  records: RecordsPort;
  /** The workspace's file storage (ADR 0030). */
  storage: StoragePort;
  /** The workspace's internal queues (ADR 0033). */
  queues: QueuesPort;
  /** The agents' conversations (docs/adr/0099). */
  agentMemory: AgentMemoryPort;
  /** Tool calls waiting for a person (docs/adr/0100). */
  approvals: ApprovalsPort;
  /** Links an 'Aguardar chamada' waits on (docs/adr/0114). */
  waitLinks: WaitLinksPort;
  /** The people an 'Aguardar aprovação' waits for, by their links (docs/adr/0115). */
  approvalWaits: ApprovalWaitsPort;
  /** The tokens of the AI nodes' model calls and the workspace's monthly budget (ADR 0101). */
  aiUsage: AiUsagePort;
  clock: ClockPort;
  newId(): string;
}

/**
 * The ports an engine is built with: every port but `flows`, which each execution may bring
 * (`ExecuteOptions.flows`); an engine's own `flows` is what executions that bring none use.
 */
export type EngineWidePorts = Omit<EnginePorts, 'flows'> & { flows?: FlowsPort };
