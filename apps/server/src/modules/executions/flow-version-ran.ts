import { isDeepStrictEqual } from 'node:util';
import type { FlowRow } from '../flows/flows.repository';

/**
 * The flow's version an execution runs (docs/adr/0103): the version of the row the runner read,
 * which is the document it runs. An editor run runs the editor's document: a version only when
 * it is the saved one unchanged, else null (an unsaved document is no version).
 */
export function flowVersionRan(
  flow: Pick<FlowRow, 'version' | 'data'>,
  editor?: { document: unknown },
): number | null {
  if (!editor) return flow.version;
  return isDeepStrictEqual(editor.document, flow.data) ? flow.version : null;
}
