import type { HttpPort } from '@ponte/engine/ports';
import { customNodeBodySchema, type CustomNode } from '@ponte/shared/custom-nodes.schema';
import {
  openApiDocumentMax,
  type OpenApiCreateBody,
  type OpenApiSource,
  type OpenApiSummary,
} from '@ponte/shared/custom-nodes-openapi.schema';
import { errorCodes } from '@ponte/shared/errors';
import { messages } from '@ponte/shared/messages';
import { AppError } from '../../../lib/app-error';
import type { SaveStamp } from '../../versions/versions.service';
import type { CustomNodesService } from '../custom-nodes.service';
import { buildConnector } from './openapi-connector';
import { readDocument, type ReadDocument } from './openapi-document';

const m = messages.customNodesOpenApi;

/** How long fetching a document by its URL may take. */
const fetchTimeoutMs = 20_000;

const refuse = (message: string) => new AppError(400, errorCodes.validation, message);
const tooLarge = () => new AppError(413, errorCodes.payloadTooLarge, m.tooLarge);

export interface CustomNodesOpenApiDeps {
  /** The server's one outbound HTTP client (the network guard stands in front of it). */
  http: HttpPort;
  customNodes: CustomNodesService;
}

/** 'Criar a partir de OpenAPI' (docs/adr/0137): read a document, create a connector from it. */
export function createCustomNodesOpenApiService({ http, customNodes }: CustomNodesOpenApiDeps) {
  /** The document's text: sent in the body, or fetched from its URL through the network guard. */
  async function sourceText(source: OpenApiSource): Promise<string> {
    if (source.document?.trim()) return source.document;
    if (!source.url) throw refuse(m.sourceRequired);
    if (!/^https?:\/\//i.test(source.url)) throw refuse(m.urlInvalid);
    let response;
    try {
      response = await http.request({
        method: 'GET',
        url: source.url,
        headers: { accept: 'application/json, application/yaml, text/yaml, */*' },
        timeoutMs: fetchTimeoutMs,
        signal: AbortSignal.timeout(fetchTimeoutMs + 1000),
      });
    } catch (error) {
      throw refuse(m.fetchFailed(error instanceof Error ? error.message : String(error)));
    }
    if (response.status >= 400) throw refuse(m.fetchStatus(response.status));
    if (response.body.byteLength > openApiDocumentMax) throw tooLarge();
    return Buffer.from(response.body).toString('utf8');
  }

  async function read(source: OpenApiSource): Promise<ReadDocument> {
    const text = await sourceText(source);
    try {
      return await readDocument(text);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw refuse(error instanceof Error ? error.message : String(error));
    }
  }

  return {
    /** What the modal lists: title, servers, security schemes and operations. */
    summary: async (source: OpenApiSource): Promise<OpenApiSummary> => (await read(source)).summary,

    /** A new connector (version 1, through the same service as any create) of the picked operations. */
    async create(
      workspaceId: string,
      body: OpenApiCreateBody,
      stamp?: SaveStamp,
    ): Promise<CustomNode> {
      const document = await read(body);
      const connector = buildConnector(document, body.operations, {
        name: body.name,
        sourceUrl: body.document?.trim() ? undefined : body.url,
      });
      return customNodes.create(
        workspaceId,
        customNodeBodySchema.parse({ ...connector, group: body.group ?? null }),
        stamp,
      );
    },
  };
}

export type CustomNodesOpenApiService = ReturnType<typeof createCustomNodesOpenApiService>;
