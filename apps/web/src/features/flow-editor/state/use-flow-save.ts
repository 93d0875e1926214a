import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { ManifestLookup } from '@ponte/shared/flow/flow-operations';
import type { Flow } from '@ponte/shared/flows.schema';
import { errorCodes } from '@ponte/shared/errors';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import {
  versionConflictDetailsSchema,
  type VersionConflictDetails,
} from '@ponte/shared/versions.schema';
import { isApiError } from '../../../lib/api/api-error';
import { getFlowQueryOptions } from '../../../lib/flows/api/get-flow';
import { toast } from '../../../lib/toasts';
import { warnAboutNetwork } from '../api/check-flow-network';
import { useCreateFlow } from '../api/create-flow';
import { useUpdateFlow } from '../api/update-flow';
import { savedMessage } from '../run-data/pinned-names';
import { saveErrorMessage } from '../save-error-message';
import { flowThumbnail } from '../thumbnail/flow-thumbnail';
import type { useFlowDraft } from './use-flow-draft';

interface FlowSaveOptions {
  draft: ReturnType<typeof useFlowDraft>;
  lookup: ManifestLookup;
  /** The flow as last saved (`null`: never saved). */
  saved: Flow | null;
  onSaved: (flow: Flow) => void;
  /** A new flow got its id: the editor is about to move to its address. */
  onCreated?: ((flowId: string) => void) | undefined;
  /** Lets the move to the new flow's address through the unsaved-changes guard. */
  allowNextNavigation: () => void;
}

/** A save refused because someone saved the flow after the editor's version (409). */
export interface SaveConflict {
  /** The server's 'Este flow foi alterado por {nome} às {hora} depois que você o abriu.' */
  message: string;
  details: VersionConflictDetails;
  /** The version the editor was based on. */
  base: number;
  /** The description the refused save carried ('Descreva a alteração'), sent again on top. */
  versionMessage?: string;
}

export interface SaveRequest {
  /** 'Descreva a alteração': the new version's message. */
  message?: string;
  /** 'Manter as minhas': the version to save on top of, instead of the editor's. */
  over?: number;
}

/** How a save ended: saved, refused by a conflict (see `conflict`), or failed (toasted). */
export type SaveOutcome = 'saved' | 'conflict' | 'failed';

/** The 409 `version_conflict` of a save, read; undefined for any other error. */
function conflictOf(error: unknown): Omit<SaveConflict, 'base'> | undefined {
  if (!isApiError(error) || error.code !== errorCodes.versionConflict) return undefined;
  const details = versionConflictDetailsSchema.safeParse(error.details);
  return details.success ? { message: error.message, details: details.data } : undefined;
}

/**
 * 'Salvar' of the editor: checks the name, creates or updates the flow (based on the version it
 * was opened at, docs/adr/0103), says what was saved. A save refused because someone else saved
 * in between is kept as `conflict`, not toasted.
 */
export function useFlowSave({
  draft,
  lookup,
  saved,
  onSaved,
  onCreated,
  allowNextNavigation,
}: FlowSaveOptions) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useCreateFlow();
  const update = useUpdateFlow();
  const [nameError, setNameError] = useState<string>();
  const [conflict, setConflict] = useState<SaveConflict | null>(null);
  const { doc, settings } = draft;

  const save = async ({ message, over }: SaveRequest = {}): Promise<SaveOutcome> => {
    const name = settings.name.trim();
    if (!name || name.length > limits.flowNameMax) {
      setNameError(messages.flows.nameLength);
      toast.error(messages.flows.nameLength);
      return 'failed';
    }
    setNameError(undefined);
    const body = { ...settings, name, data: doc, thumbnailData: flowThumbnail(doc, lookup) };
    const text = message?.trim();
    const stamp = saved
      ? { version: over ?? saved.version, ...(text ? { version_message: text } : {}) }
      : {};
    try {
      const result = saved
        ? await update.mutateAsync({ id: saved._id, body: { ...body, ...stamp } })
        : await create.mutateAsync(body);
      queryClient.setQueryData(getFlowQueryOptions(result._id).queryKey, result);
      setConflict(null);
      toast.success(savedMessage(doc, lookup));
      void warnAboutNetwork(doc);
      draft.markSaved();
      onSaved(result);
      if (!saved) {
        onCreated?.(result._id);
        allowNextNavigation();
        void navigate(`/flows/${result._id}?fromNew=true`, { replace: true });
      }
      return 'saved';
    } catch (error) {
      const refused = saved ? conflictOf(error) : undefined;
      if (refused && saved) {
        setConflict({ ...refused, base: saved.version, ...(text ? { versionMessage: text } : {}) });
        return 'conflict';
      }
      toast.error(saveErrorMessage(error));
      return 'failed';
    }
  };
  return {
    save,
    saving: create.isPending || update.isPending,
    nameError,
    clearNameError: () => setNameError(undefined),
    conflict,
    clearConflict: () => setConflict(null),
  };
}
