import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { ManifestLookup } from '@ponte/shared/flow/flow-operations';
import type { Flow } from '@ponte/shared/flows.schema';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
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

/** 'Salvar' of the editor: checks the name, creates or updates the flow, says what was saved. */
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
  const { doc, settings } = draft;

  const save = async () => {
    const name = settings.name.trim();
    if (!name || name.length > limits.flowNameMax) {
      setNameError(messages.flows.nameLength);
      toast.error(messages.flows.nameLength);
      return;
    }
    setNameError(undefined);
    const body = { ...settings, name, data: doc, thumbnailData: flowThumbnail(doc, lookup) };
    try {
      const result = saved
        ? await update.mutateAsync({ id: saved._id, body })
        : await create.mutateAsync(body);
      queryClient.setQueryData(getFlowQueryOptions(result._id).queryKey, result);
      toast.success(savedMessage(doc, lookup));
      void warnAboutNetwork(doc);
      draft.markSaved();
      onSaved(result);
      if (!saved) {
        onCreated?.(result._id);
        allowNextNavigation();
        void navigate(`/flows/${result._id}?fromNew=true`, { replace: true });
      }
    } catch (error) {
      toast.error(saveErrorMessage(error));
    }
  };
  return {
    save,
    saving: create.isPending || update.isPending,
    nameError,
    clearNameError: () => setNameError(undefined),
  };
}
