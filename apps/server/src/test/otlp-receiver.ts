import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
// The classes protobufjs generated from the opentelemetry-proto files, as OpenTelemetry's own
// otlp-transformer shipped them: the receiver decodes with the official schema, not by hand.
import generated from 'otlp-proto-schema/build/src/generated/root.js';

/** An attribute value as OTLP carries it (`{stringValue: 'x'}`, `{intValue: '3'}`…). */
export interface OtlpAttribute {
  key: string;
  value: Record<string, unknown>;
}

export interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes?: OtlpAttribute[];
}

export interface OtlpLogRecord {
  timeUnixNano?: number;
  severityNumber?: number;
  severityText?: string;
  body?: Record<string, unknown>;
  eventName?: string;
  attributes?: OtlpAttribute[];
}

interface Resource {
  attributes?: OtlpAttribute[];
}

export interface OtlpTraceExport {
  resourceSpans?: { resource?: Resource; scopeSpans?: { spans?: OtlpSpan[] }[] }[];
}

export interface OtlpLogsExport {
  resourceLogs?: { resource?: Resource; scopeLogs?: { logRecords?: OtlpLogRecord[] }[] }[];
}

/** One export as the receiver took it. */
export interface OtlpExport<T> {
  encoding: 'json' | 'protobuf';
  body: T;
}

interface MessageType {
  decode(bytes: Uint8Array): unknown;
  toObject(message: unknown, options: Record<string, unknown>): Record<string, unknown>;
  fromObject(object: unknown): unknown;
}

interface GeneratedRoot {
  opentelemetry: {
    proto: {
      collector: {
        trace: { v1: { ExportTraceServiceRequest: MessageType } };
        logs: { v1: { ExportLogsServiceRequest: MessageType } };
      };
    };
  };
}

const { collector } = (generated as unknown as GeneratedRoot).opentelemetry.proto;
const types = {
  '/v1/traces': collector.trace.v1.ExportTraceServiceRequest,
  '/v1/logs': collector.logs.v1.ExportLogsServiceRequest,
};

/**
 * OTLP/JSON writes trace and span ids in hex where protobuf has bytes (base64 in protobufjs'
 * objects): `from` and `to` are the two encodings of the ids.
 */
const idFields = new Set(['traceId', 'spanId', 'parentSpanId']);
function recodeIds(value: unknown, from: BufferEncoding, to: BufferEncoding): unknown {
  if (Array.isArray(value)) return value.map((item) => recodeIds(item, from, to));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      idFields.has(key) && typeof inner === 'string'
        ? Buffer.from(inner, from).toString(to)
        : recodeIds(inner, from, to),
    ]),
  );
}

function bodyOf(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/**
 * Decodes one export body, JSON or protobuf, into the message of its path's schema (a JSON
 * body is read into that message, so a field of the wrong type fails as a protobuf one would),
 * answered as one plain shape: ids in hex, 64-bit numbers as numbers (nanosecond times lose
 * their last digits).
 */
function decode(path: keyof typeof types, contentType: string, body: Buffer) {
  const type = types[path];
  const json = contentType.startsWith('application/json');
  if (!json && !contentType.startsWith('application/x-protobuf')) throw new Error(contentType);
  const message = json
    ? type.fromObject(recodeIds(JSON.parse(body.toString('utf8')), 'hex', 'base64'))
    : type.decode(body);
  const object = type.toObject(message, { longs: Number, bytes: String });
  return {
    encoding: json ? ('json' as const) : ('protobuf' as const),
    body: recodeIds(object, 'base64', 'hex'),
  };
}

/**
 * An OTLP/HTTP collector stand-in on 127.0.0.1 (OTLP specification, "OTLP/HTTP"): `POST
 * /v1/traces` and `/v1/logs`, bodies in JSON or protobuf decoded with the official schema;
 * `status` answers the next exports with another status (a collector that is down).
 */
export async function startOtlpReceiver() {
  const traces: OtlpExport<OtlpTraceExport>[] = [];
  const logs: OtlpExport<OtlpLogsExport>[] = [];
  let status = 200;
  const server = createServer((request, response) => {
    void bodyOf(request).then((body) => {
      const path = request.url?.split('?')[0] ?? '';
      if (request.method !== 'POST' || !(path in types)) return response.writeHead(404).end();
      if (status !== 200) return response.writeHead(status).end();
      try {
        const decoded = decode(
          path as keyof typeof types,
          request.headers['content-type'] ?? '',
          body,
        );
        if (path === '/v1/traces') traces.push(decoded as OtlpExport<OtlpTraceExport>);
        else logs.push(decoded as OtlpExport<OtlpLogsExport>);
      } catch {
        return response.writeHead(400).end();
      }
      const json = request.headers['content-type']?.startsWith('application/json');
      response
        .writeHead(200, { 'content-type': json ? 'application/json' : 'application/x-protobuf' })
        .end(json ? '{}' : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    traces,
    logs,
    /** Every span received, in order. */
    spans: (): OtlpSpan[] =>
      traces.flatMap(({ body }) =>
        (body.resourceSpans ?? []).flatMap((resource) =>
          (resource.scopeSpans ?? []).flatMap((scope) => scope.spans ?? []),
        ),
      ),
    /** Every log record received, in order, with its resource. */
    logRecords: (): (OtlpLogRecord & { resource?: Resource })[] =>
      logs.flatMap(({ body }) =>
        (body.resourceLogs ?? []).flatMap(({ resource, scopeLogs }) =>
          (scopeLogs ?? []).flatMap((scope) =>
            (scope.logRecords ?? []).map((record) => ({ ...record, resource })),
          ),
        ),
      ),
    /** Answers the next exports with this status (200: taking them again). */
    answerWith(next: number) {
      status = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Attributes as a plain object: each value's one field (`stringValue`, `intValue`…). */
export function attributesOf(attributes: OtlpAttribute[] | undefined): Record<string, unknown> {
  return Object.fromEntries(
    (attributes ?? []).map(({ key, value }) => [key, Object.values(value)[0]]),
  );
}
