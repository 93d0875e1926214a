import { z } from 'zod';
import type { EditorRunBody } from '@ponte/shared/execution-data.schema';
import { apiRequest } from '../api/api-client';

const answerSchema = z.object({ success: z.literal(true), execution_id: z.string() });

/** POST /engine/flow/editor-run/{flowId}: 'Executar até aqui' / 'Executar este conector'. */
export function startEditorRun(flowId: string, body: EditorRunBody) {
  return apiRequest(`/engine/flow/editor-run/${encodeURIComponent(flowId)}`, {
    method: 'POST',
    body,
    schema: answerSchema,
  });
}
