import { useCallback, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { messages } from '@ponte/shared/messages';
import { errorMessage } from '../../lib/api/api-error';
import { toast } from '../../lib/toasts';
import { useRestoreVersion } from '../../lib/versions/api/restore-version';
import type { VersionedResourceRef } from '../../lib/versions/api/versioned-resource';
import { versionConflictOf, versionOf } from '../../lib/versions/version-stamp';
import type { VersionField, VersionStamp } from '../../lib/versions/version-stamp';
import { VersionCompareModal } from './version-compare-modal';
import type { VersionComparison } from './version-compare-modal';
import { VersionConflictModal } from './version-conflict-modal';
import type { VersionConflict } from './version-conflict-modal';
import { VersionHistoryDrawer } from './version-history-drawer';
import type { VersionLabels } from './version-labels';
import { VersionRestoreModal } from './version-restore-modal';

const m = messages.versions;

export interface VersionedEditorOptions {
  /** The resource edited; null on a 'new' page (nothing to show yet). */
  resource: VersionedResourceRef | null;
  /** The version the page loaded (the resource's `version`), when the server sends one. */
  loaded: number | undefined;
  /**
   * The field of the resource that numbers its versions: `version`, or `revision` for a custom
   * connector, whose `version` numbers its code (docs/adr/0104).
   */
  field?: VersionField;
  /** Whether the page holds unsaved changes (a restore asks before dropping them). */
  dirty: boolean;
  labels: VersionLabels;
  /** Reads the resource again and shows it, dropping the page's edits. */
  reload: () => Promise<unknown> | void;
}

export interface VersionedEditor {
  /** What the next save sends besides its fields: the version the page is based on. */
  stamp: () => VersionStamp;
  /** After a save: the answer's version is the page's new base. */
  saved: (answer: unknown) => void;
  /**
   * After a failed save: true when it was a `version_conflict` (its modal opens; 'Manter as
   * minhas' runs `retry`, whose stamp is then the current version), false for any other.
   */
  refuse: (failure: unknown, retry: () => void) => boolean;
  /** 'Histórico de versões', for the page's actions (null on a 'new' page). */
  historyButton: ReactNode;
  /** The drawer and the modals; render them once, beside the editor. */
  dialogs: ReactNode;
}

type Conflict = VersionConflict & { retry: () => void };

/**
 * The versions of an edit page (docs/adr/0103): its history, comparisons and restore, the
 * version each save is based on, and the conflict when someone else saved first.
 */
export function useVersionedEditor(options: VersionedEditorOptions): VersionedEditor {
  const { resource, loaded, dirty, labels, reload, field = 'version' } = options;
  // A ref: 'Manter as minhas' moves it and saves at once, before any render.
  const based = useRef(loaded);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [comparison, setComparison] = useState<VersionComparison | null>(null);
  const [restoring, setRestoring] = useState<number | null>(null);
  const restore = useRestoreVersion(resource ?? { kind: 'form', id: '' });

  const stamp = useCallback((): VersionStamp => {
    const version = based.current;
    return version ? { [field]: version } : {};
  }, [field]);
  const saved = useCallback(
    (answer: unknown) => {
      based.current = versionOf(answer, field);
    },
    [field],
  );
  const refuse = useCallback((failure: unknown, retry: () => void) => {
    const details = versionConflictOf(failure);
    if (!details) return false;
    setConflict({ message: errorMessage(failure), details, based: based.current, retry });
    return true;
  }, []);

  const confirmRestore = async () => {
    if (restoring === null) return;
    const number = restoring;
    try {
      await restore.mutateAsync({ number, body: based.current ? { version: based.current } : {} });
      setRestoring(null);
      setHistoryOpen(false);
      toast.success(m.pageRestored(number));
      await reload();
    } catch (failure) {
      setRestoring(null);
      toast.error(m.restoreError(errorMessage(failure)));
    }
  };

  const keepMine = () => {
    if (!conflict) return;
    based.current = conflict.details.current_version;
    setConflict(null);
    conflict.retry();
  };

  const seeChanges = () => {
    if (!conflict?.based) return;
    const current = conflict.details.current_version;
    setComparison({
      from: conflict.based,
      to: current,
      current,
      title: m.conflictChangesTitle(conflict.based, current),
    });
  };

  const historyButton = resource ? (
    <Button
      variant="default"
      leftSection={<IconHistory size={16} />}
      onClick={() => setHistoryOpen(true)}
    >
      {m.history}
    </Button>
  ) : null;

  const dialogs = resource ? (
    <>
      <VersionHistoryDrawer
        resource={resource}
        opened={historyOpen}
        covered={restoring !== null}
        labels={labels}
        onClose={() => setHistoryOpen(false)}
        onRestore={setRestoring}
      />
      <VersionRestoreModal
        key={restoring ?? 'none'}
        number={restoring}
        dirty={dirty}
        loading={restore.isPending}
        onConfirm={() => void confirmRestore()}
        onCancel={() => setRestoring(null)}
      />
      <VersionConflictModal
        conflict={conflict}
        covered={comparison !== null}
        onSeeChanges={seeChanges}
        onKeepMine={keepMine}
        onReload={() => {
          setConflict(null);
          void reload();
        }}
        onClose={() => setConflict(null)}
      />
      <VersionCompareModal
        resource={resource}
        comparison={comparison}
        labels={labels}
        onClose={() => setComparison(null)}
      />
    </>
  ) : null;

  return { stamp, saved, refuse, historyButton, dialogs };
}
