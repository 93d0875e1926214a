import { useCallback, useMemo, useState } from 'react';
import { emptyFlowDocument } from '@ponte/shared/flow/flow-document.schema';
import type { Flow, FlowConfigValues } from '@ponte/shared/flows.schema';
import { useDocumentHistory } from './use-document-history';

/** Everything of a flow the editor changes besides the graph. */
export interface FlowSettings {
  name: string;
  group: string | null;
  enabled: boolean;
  variables: { key: string; value: string }[];
  config: FlowConfigValues;
  description: string;
}

const settingsOf = (flow: Flow | null, group: string | null): FlowSettings =>
  flow
    ? {
        name: flow.name,
        group: flow.group,
        enabled: flow.enabled,
        variables: flow.variables,
        config: flow.config,
        description: flow.description,
      }
    : {
        name: '',
        group,
        enabled: true,
        variables: [],
        config: { rate_limit: 0, save_executions: 'default', continue_unawaited: true },
        description: '',
      };

const ignored = () => undefined;

/**
 * The flow being edited: the graph with its history and the settings, and the unsaved flag
 * (spec 1 §4: set on every graph update, cleared after a save). `readOnly` (a role that cannot
 * edit flows, docs/adr/0106): every edit is ignored, so nothing is ever unsaved.
 */
export function useFlowDraft(flow: Flow | null, newFlowGroup: string | null, readOnly = false) {
  const history = useDocumentHistory(flow?.data ?? emptyFlowDocument());
  const [settings, setSettings] = useState<FlowSettings>(() => settingsOf(flow, newFlowGroup));
  const [savedRevision, setSavedRevision] = useState(0);
  const [settingsDirty, setSettingsDirty] = useState(false);
  const { revision } = history;

  const change = useCallback((patch: Partial<FlowSettings>) => {
    setSettings((current) => ({ ...current, ...patch }));
    setSettingsDirty(true);
  }, []);

  const markSaved = useCallback(() => {
    setSavedRevision(revision);
    setSettingsDirty(false);
  }, [revision]);

  const dirty = settingsDirty || revision !== savedRevision;
  return useMemo(
    () =>
      readOnly
        ? { ...history, apply: ignored, settings, change: ignored, markSaved, dirty: false }
        : { ...history, settings, change, markSaved, dirty },
    [history, settings, change, markSaved, dirty, readOnly],
  );
}

export type FlowDraft = ReturnType<typeof useFlowDraft>;
