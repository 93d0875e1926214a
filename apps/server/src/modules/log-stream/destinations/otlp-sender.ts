import type { HrTime } from '@opentelemetry/api';
import { SeverityNumber, type LogAttributes } from '@opentelemetry/api-logs';
import { ExportResultCode, type ExportResult } from '@opentelemetry/core';
import { OTLPLogExporter as JsonExporter } from '@opentelemetry/exporter-logs-otlp-http';
import { OTLPLogExporter as ProtobufExporter } from '@opentelemetry/exporter-logs-otlp-proto';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import type { ReadableLogRecord } from '@opentelemetry/sdk-logs';
import { eventText, severityOf, type StreamEvent } from '../stream-event';
import type { StreamSender } from './stream-sender';

/** syslog's severity (0…7) as OpenTelemetry's severity number and text. */
const severities: Record<number, [SeverityNumber, string]> = {
  3: [SeverityNumber.ERROR, 'ERROR'],
  4: [SeverityNumber.WARN, 'WARN'],
  5: [SeverityNumber.INFO2, 'INFO'],
  6: [SeverityNumber.INFO, 'INFO'],
  7: [SeverityNumber.DEBUG, 'DEBUG'],
};

function hrTimeOf(iso: string): HrTime {
  const ms = Date.parse(iso);
  return [Math.floor(ms / 1000), (ms % 1000) * 1_000_000];
}

/** The event's fields as attributes (`ponte.*`); nulls left out. */
function attributesOf(event: StreamEvent): LogAttributes {
  const { stream, time: _time, ...fields } = event;
  const attributes: LogAttributes = { 'ponte.stream': stream };
  for (const [key, value] of Object.entries(fields)) {
    if (value === null || value === undefined || key === 'message') continue;
    const name = key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
    attributes[`ponte.${name}`] = value as string | number;
  }
  return attributes;
}

/**
 * `OTEL_EXPORTER_OTLP_LOGS_PROTOCOL`, else `OTEL_EXPORTER_OTLP_PROTOCOL`: `http/json`, or
 * OTLP's default `http/protobuf` (gRPC is not offered).
 */
function exporterOf(url: string, env: NodeJS.ProcessEnv) {
  const protocol = (
    env.OTEL_EXPORTER_OTLP_LOGS_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL
  )?.trim();
  return protocol === 'http/json' ? new JsonExporter({ url }) : new ProtobufExporter({ url });
}

/**
 * The OTLP destination: each event a log record of the official SDK's types, exported by its
 * OTLP/HTTP exporter (headers, compression, timeout from the `OTEL_EXPORTER_OTLP_*` variables),
 * service `ponte` unless `OTEL_SERVICE_NAME` or `OTEL_RESOURCE_ATTRIBUTES` say otherwise.
 */
export function createOtlpSender(url: string, env: NodeJS.ProcessEnv = process.env): StreamSender {
  const exporter = exporterOf(url, env);
  const detected = detectResources({ detectors: [envDetector] });
  const resource = resourceFromAttributes({ 'service.name': 'ponte', ...detected.attributes });
  const scope = { name: 'ponte.log-stream' };
  const recordOf = (event: StreamEvent): ReadableLogRecord => {
    const [severityNumber, severityText] = severities[severityOf(event)] ?? severities[6]!;
    const time = hrTimeOf(event.time);
    return {
      hrTime: time,
      hrTimeObserved: time,
      severityNumber,
      severityText,
      body: eventText(event),
      eventName: `ponte.${event.stream}`,
      resource,
      instrumentationScope: scope,
      attributes: attributesOf(event),
      droppedAttributesCount: 0,
    };
  };
  return {
    send: (batch) =>
      new Promise<void>((resolve, reject) => {
        exporter.export(batch.map(recordOf), (result: ExportResult) => {
          if (result.code === ExportResultCode.SUCCESS) resolve();
          else reject(result.error ?? new Error('o coletor OTLP recusou o lote'));
        });
      }),
    close: () => exporter.shutdown(),
  };
}
