import { useState } from 'react';
import { defaultHandlerCode, orderedParams } from '@ponte/shared/custom-nodes.schema';
import type {
  CustomNode,
  CustomNodeBody,
  CustomNodeFile,
  CustomNodeSaveIssue,
} from '@ponte/shared/custom-nodes.schema';

/** Everything the editor edits: the body of POST/PUT as the person types it. */
export type CustomNodeDraft = CustomNodeBody & { group: string | null };

/** A saved connector, or a new one (custom_code, the default handler, no params, enabled). */
export function draftOf(node: CustomNode | undefined, group: string | null): CustomNodeDraft {
  return {
    name: node?.name ?? '',
    service_name: node?.service_name ?? '',
    description: node?.description ?? '',
    enabled: node?.enabled ?? true,
    imageData: node?.imageData ?? '',
    execution_type: node?.execution_type ?? 'custom_code',
    code_execution_content: node?.code_execution_content ?? defaultHandlerCode,
    params: orderedParams(node?.params ?? []),
    group: node ? node.group : group,
  };
}

/** An imported file over the draft: the file holds no group, so the draft's stays. */
export function draftOfFile(file: CustomNodeFile, group: string | null): CustomNodeDraft {
  return { ...file, params: orderedParams(file.params), group };
}

/** The body of POST/PUT: trimmed texts, params in position order, group null when empty. */
export function bodyOf(draft: CustomNodeDraft): CustomNodeBody {
  return {
    ...draft,
    name: draft.name.trim(),
    service_name: draft.service_name.trim(),
    description: draft.description.trim(),
    params: orderedParams(draft.params),
    group: draft.group || null,
  };
}

/** Whether a new connector's editor still holds nothing of its own (an import replaces nothing). */
export function isBlankDraft(draft: CustomNodeDraft): boolean {
  return (
    !draft.name.trim() &&
    !draft.service_name.trim() &&
    !draft.description.trim() &&
    !draft.imageData &&
    draft.params.length === 0 &&
    draft.code_execution_content === defaultHandlerCode
  );
}

/** The message of the first issue whose path starts with `root`, if any. */
export function issueAt(issues: CustomNodeSaveIssue[], root: string): string | undefined {
  return issues.find((issue) => issue.path[0] === root)?.message;
}

/** Settings fields live in 'Configurações'; everything else (handler, params) in 'Funções'. */
export const settingsFields = ['name', 'service_name', 'description', 'imageData', 'group'];

export function useCustomNodeDraft(initial: CustomNodeDraft) {
  const [draft, setDraft] = useState(initial);
  const set = <K extends keyof CustomNodeDraft>(key: K, value: CustomNodeDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const patch = (change: Partial<CustomNodeDraft>) =>
    setDraft((current) => ({ ...current, ...change }));
  return { draft, setDraft, set, patch };
}
