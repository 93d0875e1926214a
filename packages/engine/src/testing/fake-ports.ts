import type { DeclaredInput } from '@ponte/shared/flow/declared-inputs';
import type { WorkspaceHoliday } from '@ponte/shared/brazil/calendar/holiday-types';
import type {
  ApprovalAnswer,
  ApprovalRequest,
  ApprovalWaitRequest,
  EnginePorts,
  ExecutionScope,
  FtpEntry,
  HttpRequest,
  HttpResponse,
  MailMessage,
  ServiceAccount,
  SqlQueryRequest,
  SqlQueryResult,
} from '../ports';
import { createFakeRecords, type FakeRecordsPort } from './fake-records';
import { createFakeStorage, type FakeStoragePort } from './fake-storage';
import { createFakeQueues, type FakeQueuesPort } from './fake-queues';
import { createFakeAiUsage, type FakeAiUsagePort } from './fake-ai-usage';

/** The execution a test's port or sandbox call belongs to. */
export const testScope: ExecutionScope = {
  workspaceId: 'ws-1',
  flowId: 'flow-1',
  executionId: 'exec-1',
};

/** The signal a test's port calls carry when the test does not abort them. */
export const testSignal: AbortSignal = new AbortController().signal;

/** In-memory ports for tests: every call is recorded, every answer can be set. */
export interface FakePorts extends EnginePorts {
  variables: EnginePorts['variables'] & { values: Record<string, string> };
  /**
   * The holidays `list` answers for `workspaceId` (default: the test scope's; other workspaces
   * have none); `calls` counts the lists asked.
   */
  holidays: EnginePorts['holidays'] & {
    values: WorkspaceHoliday[];
    workspaceId: string;
    calls: number;
  };
  httpCalls: HttpRequest[];
  httpHandler: (request: HttpRequest) => Promise<HttpResponse> | HttpResponse;
  mails: MailMessage[];
  sqlQueries: SqlQueryRequest[];
  /** Answers `sql.query` (default: no rows). */
  sqlHandler: (request: SqlQueryRequest) => Promise<SqlQueryResult> | SqlQueryResult;
  /** FTP servers in memory, by account id: path → content (a path ending in '/' is a folder). */
  ftpFiles: Record<string, Record<string, Uint8Array>>;
  /** Every FTP call: operation, account and path. */
  ftpCalls: { op: string; serviceAccountId: string; path: string }[];
  /** Accounts by id; one without a name is named after its id. */
  accounts: Record<string, Omit<ServiceAccount, 'name'> & { name?: string }>;
  /** Every `accessToken` call: a forced one answers the account's token plus `-renovado`. */
  tokenRequests: { id: string; force: boolean }[];
  flowCalls: { flowId: string; payload: unknown; wait: boolean }[];
  flowHandler: (flowId: string, payload: unknown) => Promise<unknown> | unknown;
  /** What `flows.describe` answers by flow id (missing: undefined). */
  flowDescriptions: Record<string, { name: string; inputs: DeclaredInput[] | null }>;
  /** Database tables in memory: `records.addTable(...)` first. */
  records: FakeRecordsPort;
  /** The workspace's storage in memory: `storage.files` holds what nodes wrote. */
  storage: FakeStoragePort;
  /** The workspace's internal queues in memory: `queues.add(id, name)` first. */
  queues: FakeQueuesPort;
  /** Virtual time: sleep resolves at once and advances `now`. */
  time: number;
  /** The agents' conversations by workspace and key, with when each turn expires. */
  memories: Map<string, { role: 'user' | 'assistant'; text: string; expires: number }[]>;
  /** What `approvals.request` was asked, in order. */
  approvalRequests: { id: string; scope: ExecutionScope; request: ApprovalRequest }[];
  /** The links `waitLinks.create` kept, and whether a call or the expiry took them. */
  waitLinkList: {
    id: string;
    scope: ExecutionScope;
    link: Parameters<EnginePorts['waitLinks']['create']>[1];
    status: 'pending' | 'expired';
  }[];
  /** The requests `approvalWaits.create` kept, with the answers a test gives them. */
  approvalWaitList: {
    id: string;
    scope: ExecutionScope;
    request: ApprovalWaitRequest;
    status: 'pending' | 'decided' | 'expired';
    answers: ApprovalAnswer[];
  }[];
  /** The AI spending in memory: `aiUsage.budgets[workspaceId]`, `aiUsage.uses`. */
  aiUsage: FakeAiUsagePort;
}

export function textResponse(
  status: number,
  body: string,
  headers: Record<string, string> = { 'content-type': 'text/plain' },
): HttpResponse {
  return { status, statusText: '', headers, body: new TextEncoder().encode(body) };
}

export function jsonResponse(status: number, body: unknown): HttpResponse {
  return textResponse(status, JSON.stringify(body), { 'content-type': 'application/json' });
}

/** How the fake port hands a response's body to `onChunk`: the pieces, and what runs between. */
const pieces = new WeakMap<
  HttpResponse,
  { chunks: Uint8Array[]; between?: (index: number) => void | Promise<void> }
>();

/**
 * A response whose body arrives in these pieces (a streamed answer read with `onChunk`);
 * `between(index)` runs before each piece after the first (a test moves its clocks there, or
 * holds the rest). Without `onChunk` it is one body, as from the server.
 */
export function chunkedResponse(
  chunks: string[],
  {
    status = 200,
    headers = { 'content-type': 'text/event-stream' },
    between,
  }: {
    status?: number;
    headers?: Record<string, string>;
    between?: (index: number) => void | Promise<void>;
  } = {},
): HttpResponse {
  const encoded = chunks.map((chunk) => new TextEncoder().encode(chunk));
  const response = textResponse(status, chunks.join(''), headers);
  pieces.set(response, { chunks: encoded, ...(between ? { between } : {}) });
  return response;
}

/** Gives the body to `onChunk` as the server's client does: in order, before resolving. */
async function deliverChunks(request: HttpRequest, response: HttpResponse) {
  if (!request.onChunk) return;
  const { chunks, between } = pieces.get(response) ?? { chunks: [response.body] };
  const head = { status: response.status, headers: response.headers };
  for (const [index, chunk] of chunks.entries()) {
    if (index > 0) await between?.(index);
    request.signal.throwIfAborted();
    if (chunk.length) request.onChunk(chunk, head);
    await Promise.resolve();
  }
}

export function createFakePorts(): FakePorts {
  let ids = 0;
  const ports: FakePorts = {
    time: Date.parse('2026-01-01T12:00:00Z'),
    httpCalls: [],
    httpHandler: () => textResponse(200, 'ok'),
    mails: [],
    sqlQueries: [],
    sqlHandler: () => ({ rows: [], rowCount: 0, fields: [], truncated: false }),
    ftpFiles: {},
    ftpCalls: [],
    accounts: {},
    tokenRequests: [],
    flowCalls: [],
    flowHandler: () => undefined,
    flowDescriptions: {},
    http: {
      async request(request) {
        ports.httpCalls.push(request);
        const response = await ports.httpHandler(request);
        await deliverChunks(request, response);
        return response;
      },
    },
    variables: {
      values: {},
      async get(_scope, key, signal) {
        signal.throwIfAborted();
        return ports.variables.values[key];
      },
      async all(_scope, signal) {
        signal.throwIfAborted();
        return { ...ports.variables.values };
      },
    },
    holidays: {
      values: [],
      workspaceId: testScope.workspaceId,
      calls: 0,
      async list(scope, signal) {
        signal.throwIfAborted();
        ports.holidays.calls++;
        if (scope.workspaceId !== ports.holidays.workspaceId) return [];
        return ports.holidays.values.map((holiday) => ({ ...holiday }));
      },
    },
    serviceAccounts: {
      async get(_scope, id, signal) {
        signal.throwIfAborted();
        const account = ports.accounts[id];
        return account && { ...account, name: account.name ?? id };
      },
      async accessToken(_scope, id, options) {
        ports.tokenRequests.push({ id, force: options.force ?? false });
        const data = ports.accounts[id]?.data;
        const token = data?.access_token ?? data?.token;
        if (typeof token !== 'string') throw new Error('A conta de serviço não tem token.');
        return options.force ? `${token}-renovado` : token;
      },
    },
    mail: {
      async send(_scope, message) {
        ports.mails.push(message);
        return { messageId: `mail-${ports.mails.length}` };
      },
    },
    sql: {
      async query(_scope, request) {
        ports.sqlQueries.push(request);
        return ports.sqlHandler(request);
      },
    },
    ftp: createFakeFtp(() => ports),
    flows: createFakeFlows(() => ports),
    records: createFakeRecords(testScope.workspaceId),
    storage: createFakeStorage(),
    queues: createFakeQueues(() => ports.time),
    clock: {
      now: () => ports.time,
      async sleep(ms, signal) {
        signal.throwIfAborted();
        ports.time += ms;
        await Promise.resolve();
        signal.throwIfAborted();
      },
    },
    memories: new Map(),
    agentMemory: createFakeAgentMemory(() => ports),
    approvalRequests: [],
    approvals: createFakeApprovals(() => ports),
    waitLinks: createFakeWaitLinks(() => ports),
    waitLinkList: [],
    approvalWaits: createFakeApprovalWaits(() => ports),
    approvalWaitList: [],
    aiUsage: createFakeAiUsage(() => ports.time),
    newId: () => `id-${++ids}`,
  };
  return ports;
}

/** Other flows: described from `ports.flowDescriptions`, run by `ports.flowHandler`. */
function createFakeFlows(getPorts: () => FakePorts): EnginePorts['flows'] {
  return {
    async describe(_scope, flowId, signal) {
      signal.throwIfAborted();
      return getPorts().flowDescriptions[flowId];
    },
    async execute(_scope, request) {
      const ports = getPorts();
      ports.flowCalls.push({
        flowId: request.flowId,
        payload: request.payload,
        wait: request.wait,
      });
      const msg = await ports.flowHandler(request.flowId, request.payload);
      return {
        execution_id: `child-${ports.flowCalls.length}`,
        ...(request.wait ? { msg } : {}),
      };
    },
  };
}

/** Approval requests kept in `ports.approvalRequests`, each with a link of the test's own. */
function createFakeApprovals(getPorts: () => FakePorts): EnginePorts['approvals'] {
  return {
    async request(scope, request, signal) {
      signal.throwIfAborted();
      const { approvalRequests } = getPorts();
      const id = `aprovacao-${approvalRequests.length + 1}`;
      approvalRequests.push({ id, scope, request: structuredClone(request) });
      return { id, url: `https://ponte.test/engine/approvals/token-${id}` };
    },
  };
}

/** Links in `ports.waitLinkList`, with their state. */
function createFakeWaitLinks(getPorts: () => FakePorts): EnginePorts['waitLinks'] {
  return {
    async create(scope, link, signal) {
      signal.throwIfAborted();
      const { waitLinkList } = getPorts();
      const id = `espera-${waitLinkList.length + 1}`;
      waitLinkList.push({ id, scope, link: structuredClone(link), status: 'pending' });
      return { id, url: `https://ponte.test/engine/resume/token-${id}` };
    },
    async expire(_scope, id, signal) {
      signal.throwIfAborted();
      const found = getPorts().waitLinkList.find((link) => link.id === id);
      if (!found || found.status !== 'pending') return false;
      found.status = 'expired';
      return true;
    },
  };
}

/** Requests in `ports.approvalWaitList`: a test decides by setting `status` and `answers`. */
function createFakeApprovalWaits(getPorts: () => FakePorts): EnginePorts['approvalWaits'] {
  return {
    async create(scope, request, signal) {
      signal.throwIfAborted();
      const { approvalWaitList } = getPorts();
      const id = `aprovacao-${approvalWaitList.length + 1}`;
      approvalWaitList.push({
        id,
        scope,
        request: structuredClone(request),
        status: 'pending',
        answers: [],
      });
      const links = request.approvers.map((approver, index) => ({
        approver,
        url: `https://ponte.test/engine/approval-requests/${id}-${index + 1}.assinatura`,
      }));
      return { id, links };
    },
    async expire(_scope, id, signal) {
      signal.throwIfAborted();
      const found = getPorts().approvalWaitList.find((request) => request.id === id);
      if (!found || found.status === 'expired') return null;
      if (found.status === 'decided') {
        const rejected = found.answers.some((answer) => answer.decision === 'rejected');
        return { decision: rejected ? 'rejected' : 'approved', answers: found.answers };
      }
      found.status = 'expired';
      return { decision: 'expired', answers: found.answers };
    },
  };
}

/** The agents' conversations in `ports.memories`, expiring on the fake clock. */
function createFakeAgentMemory(getPorts: () => FakePorts): EnginePorts['agentMemory'] {
  return {
    async load(scope, key, window, signal) {
      signal.throwIfAborted();
      const ports = getPorts();
      const turns = ports.memories.get(`${scope.workspaceId}\0${key}`) ?? [];
      return turns
        .filter((turn) => turn.expires > ports.time)
        .slice(-window)
        .map(({ role, text }) => ({ role, text }));
    },
    async append(scope, key, turns, retentionDays, signal) {
      signal.throwIfAborted();
      const ports = getPorts();
      const id = `${scope.workspaceId}\0${key}`;
      const expires = ports.time + retentionDays * 86_400_000;
      const kept = (ports.memories.get(id) ?? []).filter((turn) => turn.expires > ports.time);
      ports.memories.set(id, [
        ...kept.map((turn) => ({ ...turn, expires })),
        ...turns.map((turn) => ({ ...turn, expires })),
      ]);
    },
  };
}

/** The fake FTP port over `ports.ftpFiles`: a missing account or file fails in pt-BR. */
function createFakeFtp(getPorts: () => FakePorts): EnginePorts['ftp'] {
  const serverOf = (op: string, target: { serviceAccountId: string; path: string }) => {
    const ports = getPorts();
    ports.ftpCalls.push({ op, serviceAccountId: target.serviceAccountId, path: target.path });
    const files = ports.ftpFiles[target.serviceAccountId];
    if (!files) throw new Error('A conta de serviço escolhida não existe mais.');
    return files;
  };
  return {
    async list(_scope, target) {
      const files = serverOf('list', target);
      const dir = target.path.replace(/\/?$/, '/');
      const entries: FtpEntry[] = [];
      for (const [path, content] of Object.entries(files)) {
        if (!path.startsWith(dir) || path === dir) continue;
        const rest = path.slice(dir.length);
        const name = rest.replace(/\/$/, '');
        if (name.includes('/')) continue;
        const folder = rest.endsWith('/');
        entries.push({
          name,
          size: folder ? 0 : content.length,
          type: folder ? 'directory' : 'file',
          modified: null,
        });
      }
      return entries;
    },
    async download(_scope, target) {
      const content = serverOf('download', target)[target.path];
      if (!content) throw new Error(`Arquivo não encontrado no servidor FTP: ${target.path}`);
      if (content.length > target.maxBytes) throw new Error('O arquivo é grande demais.');
      return content;
    },
    async upload(_scope, target) {
      serverOf('upload', target)[target.path] = target.content;
    },
    async delete(_scope, target) {
      const files = serverOf('delete', target);
      if (!files[target.path])
        throw new Error(`Arquivo não encontrado no servidor FTP: ${target.path}`);
      delete files[target.path];
    },
  };
}
