import type {
  EnginePorts,
  ExecutionScope,
  HttpRequest,
  HttpResponse,
  MailMessage,
  ServiceAccount,
} from '../ports';
import { createFakeRecords, type FakeRecordsPort } from './fake-records';

/** The execution a test's port or sandbox call belongs to. */
export const testScope: ExecutionScope = {
  workspaceId: 'ws-1',
  flowId: 'flow-1',
  executionId: 'exec-1',
};

/** In-memory ports for tests: every call is recorded, every answer can be set. */
export interface FakePorts extends EnginePorts {
  variables: EnginePorts['variables'] & { values: Record<string, string> };
  httpCalls: HttpRequest[];
  httpHandler: (request: HttpRequest) => Promise<HttpResponse> | HttpResponse;
  mails: MailMessage[];
  accounts: Record<string, ServiceAccount>;
  flowCalls: { flowId: string; payload: unknown; wait: boolean }[];
  flowHandler: (flowId: string, payload: unknown) => Promise<unknown> | unknown;
  /** Database tables in memory: `records.addTable(...)` first. */
  records: FakeRecordsPort;
  /** Virtual time: sleep resolves at once and advances `now`. */
  time: number;
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

export function createFakePorts(): FakePorts {
  let ids = 0;
  const ports: FakePorts = {
    time: Date.parse('2026-01-01T12:00:00Z'),
    httpCalls: [],
    httpHandler: () => textResponse(200, 'ok'),
    mails: [],
    accounts: {},
    flowCalls: [],
    flowHandler: () => undefined,
    http: {
      async request(request) {
        ports.httpCalls.push(request);
        return ports.httpHandler(request);
      },
    },
    variables: {
      values: {},
      async get(_scope, key) {
        return ports.variables.values[key];
      },
      async all() {
        return { ...ports.variables.values };
      },
    },
    serviceAccounts: {
      async get(_scope, id) {
        return ports.accounts[id];
      },
    },
    mail: {
      async send(_scope, message) {
        ports.mails.push(message);
        return { messageId: `mail-${ports.mails.length}` };
      },
    },
    flows: {
      async execute(_scope, request) {
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
    },
    records: createFakeRecords(testScope.workspaceId),
    clock: {
      now: () => ports.time,
      async sleep(ms, signal) {
        signal.throwIfAborted();
        ports.time += ms;
        await Promise.resolve();
        signal.throwIfAborted();
      },
    },
    newId: () => `id-${++ids}`,
  };
  return ports;
}
