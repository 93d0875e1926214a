import { useState } from 'react';
import type { Flow } from '@ponte/shared/flows.schema';
import { errorMessage } from '../../../lib/api/api-error';
import { getFlow } from '../../../lib/flows/api/get-flow';
import { toast } from '../../../lib/toasts';
import type { useFlowSave } from '../state/use-flow-save';
import { ConflictChangesModal } from './conflict-changes-modal';
import { RestoreVersionModal } from './restore-version-modal';
import { SaveMessageModal } from './save-message-modal';
import { VersionConflictModal } from './version-conflict-modal';
import { VersionHistoryDrawer } from './version-history-drawer';

interface EditorVersionsOptions {
  flowSave: ReturnType<typeof useFlowSave>;
  /** The flow as last saved (null: a new flow, which has no history yet). */
  saved: Flow | null;
  /** The editor has unsaved changes. */
  dirty: boolean;
  /** Puts `flow` in the editor in place of what it holds (a reload, a restore). */
  onReplace: (flow: Flow) => void;
}

/**
 * The editor's side of versions (docs/adr/0103): 'Salvar com descrição…', 'Histórico de versões'
 * with its restore, and what a save refused because someone else saved in between offers.
 */
export function useEditorVersions({ flowSave, saved, dirty, onReplace }: EditorVersionsOptions) {
  const [describing, setDescribing] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [restoring, setRestoring] = useState<{ number: number; current: number } | null>(null);
  const [seeing, setSeeing] = useState(false);
  const [reloading, setReloading] = useState(false);
  const { conflict, clearConflict, save, saving } = flowSave;

  const reload = async () => {
    if (!saved) return;
    setReloading(true);
    try {
      const current = await getFlow(saved._id);
      clearConflict();
      onReplace(current);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setReloading(false);
    }
  };

  const element = saved ? (
    <>
      <SaveMessageModal
        opened={describing}
        saving={saving}
        onClose={() => setDescribing(false)}
        onSave={async (message) => (await save({ message })) !== 'failed'}
      />
      <VersionHistoryDrawer
        flowId={saved._id}
        opened={historyOpen}
        onClose={() => setHistoryOpen(false)}
        onRestore={(number, current) => setRestoring({ number, current })}
      />
      <RestoreVersionModal
        flowId={saved._id}
        number={restoring?.number ?? null}
        current={restoring?.current}
        dirty={dirty}
        onClose={() => setRestoring(null)}
        onRestored={(flow) => {
          setRestoring(null);
          setHistoryOpen(false);
          onReplace(flow);
        }}
      />
      <VersionConflictModal
        conflict={conflict}
        hidden={seeing}
        busy={saving || reloading}
        onSeeChanges={() => setSeeing(true)}
        onKeepMine={() => {
          if (!conflict) return;
          const message = conflict.versionMessage;
          void save({ over: conflict.details.current_version, ...(message ? { message } : {}) });
        }}
        onReload={() => void reload()}
        onClose={clearConflict}
      />
      {conflict && seeing ? (
        <ConflictChangesModal
          flowId={saved._id}
          conflict={conflict}
          onClose={() => setSeeing(false)}
        />
      ) : null}
    </>
  ) : null;

  return {
    /** 'Salvar com descrição…': only a saved flow's versions carry a message. */
    describeAndSave: saved ? () => setDescribing(true) : undefined,
    /** 'Histórico de versões': a new flow has none until its first save. */
    openHistory: saved ? () => setHistoryOpen(true) : undefined,
    element,
  };
}
