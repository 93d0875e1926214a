import { useCallback, useMemo, useRef, useState } from 'react';
import { Box } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useReactFlow } from '@xyflow/react';
import { validateFlow } from '@ponte/shared/flow/flow-validator';
import { countNodes, insertDocument } from '@ponte/shared/flow/flow-operations';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import type { Flow } from '@ponte/shared/flows.schema';
import { messages } from '@ponte/shared/messages';
import { ManualExecutionModal } from '../../components/manual-execution-modal';
import { hasManualTrigger } from '../../lib/flows/has-manual-trigger';
import { useNodeLibrary } from '../../lib/engine/get-node-library';
import { useNewItemGroup } from '../../lib/groups/selected-group';
import { useSessionUser } from '../../lib/session/session-store';
import { useUnsavedChanges } from '../../lib/unsaved/use-unsaved-changes';
import { FlowCanvas } from './canvas/flow-canvas';
import { issueLevels } from './canvas/to-react-flow';
import { EditorModals, type EditorModal } from './editor-modals';
import classes from './flow-editor.module.css';
import { EditorStatusBar } from './editor-status-bar';
import { compactEditorQuery, EditorToolbar } from './editor-toolbar';
import { EditorTopCard } from './editor-top-card';
import { DebuggerPanel } from './debugger/debugger-panel';
import { useDebuggerOpen } from './debugger/debugger-open';
import { useDebugger } from './debugger/use-debugger';
import { NodePanel } from './node-panel/node-panel';
import { nodePanelShowsData, wideNodePanelQuery } from './node-panel/node-panel-frame';
import { PaletteSlot } from './palette/palette-slot';
import { usePaletteFold } from './palette/use-palette-fold';
import { useCopiedPins } from './run-data/use-copied-pins';
import { pinnedNotice } from './run-data/pinned-names';
import { useEditorRunData } from './run-data/use-editor-run-data';
import { newNodeUid, topLeft } from './state/editor-clipboard';
import { useAddNode } from './state/use-add-node';
import { useFlowDraft } from './state/use-flow-draft';
import { useFlowSave } from './state/use-flow-save';
import { usePaletteTarget } from './state/use-palette-target';
import { useFlowStatus } from './run-data/use-flow-status';
import { FlowPresence } from './presence/flow-presence';
import { useFlowPresence } from './presence/use-flow-presence';
import { useEditorKeys } from './use-editor-keys';
import { useGoBack, useSaveShortcut } from './use-editor-exits';
import { useFlowImport } from './use-flow-import';
import { useForeignImport } from './use-foreign-import';
import { useEditorVersions } from './versions/use-editor-versions';
import { useCan } from '../../lib/session/use-can';

/** Where a template lands: below the graph, at its left edge. */
function belowDocument(doc: FlowDocument) {
  return doc.nodes.length
    ? { x: topLeft(doc).x, y: Math.max(...doc.nodes.map((n) => n.position.y)) + 160 }
    : { x: 0, y: 0 };
}

/** The editor of one flow (`null`: a new one, created by its first save). */
export function FlowEditor({
  flow,
  onCreated,
  onReplace,
}: {
  flow: Flow | null;
  /** A new flow got its id at its first save, just before the editor moves to its address. */
  onCreated?: (flowId: string) => void;
  /** Starts the editor again on `flow` (its current version after a reload or a restore). */
  onReplace: (flow: Flow) => void;
}) {
  const { fitView } = useReactFlow();
  const library = useNodeLibrary({ fresh: true });
  const newItemGroup = useNewItemGroup();
  const nodeLimit = useSessionUser()?.customer.config.node_limit;
  const editable = useCan('flows.write').allowed;
  const draft = useFlowDraft(flow, newItemGroup, !editable);
  const { doc, settings, apply } = draft;
  useCopiedPins(doc, apply);
  const [saved, setSaved] = useState(flow);
  const [selection, setSelection] = useState<string[]>([]);
  const [selectRequest, setSelectRequest] = useState<{ uids: string[] } | null>(null);
  const [modal, setModal] = useState<EditorModal | null>(null);
  const [debuggerOpen, setDebuggerOpen] = useDebuggerOpen();
  // Every execution of the saved flow, live on the canvas (docs/adr/0089).
  const flowStatus = useFlowStatus(saved?._id ?? null);
  // Who else has it open, and their unsaved changes (docs/adr/0103).
  const others = useFlowPresence(saved?._id ?? null, draft.dirty);
  const debug = useDebugger({ flowId: saved?._id ?? null, enabled: debuggerOpen && !!saved });
  const leave = useUnsavedChanges(draft.dirty || debug.active, {
    message: draft.dirty
      ? 'Existem alterações não salvas no fluxo. Deseja sair mesmo assim?'
      : 'A sessão de debug será encerrada. Deseja sair mesmo assim?',
  });
  const canvasRef = useRef<HTMLDivElement>(null);
  // On a narrow screen the graph takes the width; the palette opens in a drawer.
  const compact = useMediaQuery(compactEditorQuery, false, { getInitialValueInEffect: false });
  const [paletteOpen, setPaletteOpen] = useState(false);

  const select = useCallback((uids: string[]) => setSelectRequest({ uids }), []);
  const issues = useMemo(
    () => (library.manifests.length ? validateFlow(doc, library.lookup) : []),
    [doc, library],
  );
  const levels = useMemo(() => issueLevels(issues), [issues]);
  const counts = useMemo(() => countNodes(doc, library.lookup), [doc, library]);
  const selectedNode =
    selection.length === 1 ? doc.nodes.find((node) => node.uid === selection[0]) : undefined;

  const runData = useEditorRunData({
    flowId: saved?._id ?? null,
    doc,
    apply,
    lookup: library.lookup,
    selectedUid: selectedNode?.uid,
    flowStatus,
  });

  const flowImport = useFlowImport({
    doc,
    apply,
    variables: settings.variables,
    onVariables: (variables) => draft.change({ variables }),
    select,
    pinsNotice: pinnedNotice(doc, library.lookup),
  });

  const foreignImport = useForeignImport(draft);

  const onKeyDown = useEditorKeys(draft, selection, select);

  const panelWide = useMediaQuery(wideNodePanelQuery, false, { getInitialValueInEffect: false });
  const paletteFold = usePaletteFold(
    selectedNode !== undefined &&
      panelWide &&
      nodePanelShowsData(runData.panel.runData, runData.panel.runActions),
  );

  const { addAt, addAfter, addAtCentre } = useAddNode({
    doc,
    library,
    apply,
    select,
    selection,
    canvasRef,
  });
  const paletteTarget = usePaletteTarget({ doc, lookup: library.lookup, addAfter, addAtCentre });

  const flowSave = useFlowSave({
    draft,
    lookup: library.lookup,
    saved,
    onSaved: setSaved,
    onCreated,
    allowNextNavigation: leave.allowNextNavigation,
  });
  const { save, saving, nameError, clearNameError } = flowSave;
  const versions = useEditorVersions({ flowSave, saved, dirty: draft.dirty, onReplace });
  useSaveShortcut(() => void save());
  const goBack = useGoBack();

  const manual = hasManualTrigger(saved);
  const executable = saved !== null && saved.enabled && manual;
  const executeHint = !manual
    ? messages.engine.noManualTrigger
    : 'O flow precisa estar ativo e salvo para ser executado.';

  const focusNode = (uid: string) => {
    select([uid]);
    void fitView({ nodes: [{ id: uid }], duration: 300, maxZoom: 1.2 });
  };

  return (
    <Box h="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <EditorTopCard
        onBack={goBack}
        name={settings.name}
        nameError={nameError}
        onNameChange={(name) => {
          draft.change({ name });
          if (nameError) clearNameError();
        }}
        group={settings.group}
        onGroupChange={(group) => draft.change({ group })}
        enabled={settings.enabled}
        onEnabledChange={(enabled) => draft.change({ enabled })}
        saving={saving}
        onSave={() => void save()}
        presence={others.length ? <FlowPresence editors={others} /> : null}
        onSaveWithMessage={versions.describeAndSave}
      />
      <EditorToolbar
        onOpenGallery={() => setModal('gallery')}
        onImportFile={flowImport.startFileImport}
        {...foreignImport.toolbar}
        onExport={() => flowImport.exportFile(settings.name)}
        variableCount={settings.variables.length}
        onOpenVariables={() => setModal('variables')}
        onOpenOptions={() => setModal('options')}
        onOpenNotes={() => setModal('notes')}
        hasNotes={settings.description.trim() !== ''}
        canUndo={draft.canUndo}
        canRedo={draft.canRedo}
        onUndo={draft.undo}
        onRedo={draft.redo}
        execute={{ enabled: executable, hint: executeHint, onClick: () => setModal('run') }}
        debug={{
          canOpen: saved !== null,
          open: debuggerOpen,
          onToggle: () => setDebuggerOpen(!debuggerOpen),
          canExecute: executable && debuggerOpen && debug.phase === 'off',
          onExecuteWithDebug: () => {
            void debug.start().then((started) => started && setModal('run'));
          },
        }}
        onOpenPalette={() => setPaletteOpen(true)}
        onOpenHistory={versions.openHistory}
      />
      <Box className={classes.body} data-panel-open={selectedNode ? true : undefined}>
        {editable ? (
          <PaletteSlot
            compact={compact}
            collapsed={paletteFold.collapsed}
            onCollapsedChange={paletteFold.setCollapsed}
            opened={paletteOpen}
            onClose={() => setPaletteOpen(false)}
            manifests={library.manifests}
            onAdd={paletteTarget.add}
            after={paletteTarget.after}
          />
        ) : null}
        <div ref={canvasRef} className={classes.canvas}>
          <FlowCanvas
            doc={doc}
            lookup={library.lookup}
            issues={levels}
            onEdit={apply}
            onSelectionChange={setSelection}
            selectRequest={selectRequest}
            onDropType={(type, position) => {
              paletteTarget.cancel();
              addAt(type, position);
            }}
            onAddAfter={paletteTarget.follow}
            pickMessage={flowImport.picking ? flowImport.pickMessage : undefined}
            onPick={flowImport.picking ? flowImport.pick : undefined}
            onKeyDown={onKeyDown}
            highlighted={debug.current?.uid}
            reveal={selectedNode?.uid}
            refitKey={debuggerOpen && !!saved}
            {...runData.canvas}
          />
        </div>
        {selectedNode ? (
          <NodePanel
            className={classes.panel}
            key={selectedNode.uid}
            node={selectedNode}
            manifest={library.lookup(selectedNode.type, selectedNode.typeVersion)}
            newest={library.lookup(selectedNode.type)}
            issues={issues.filter((issue) => issue.node_uid === selectedNode.uid)}
            onChange={(next) =>
              apply((current) => ({
                ...current,
                nodes: current.nodes.map((node) => (node.uid === next.uid ? next : node)),
              }))
            }
            onClose={() => select([])}
            flowId={saved?._id ?? null}
            {...runData.panel}
          />
        ) : null}
      </Box>
      {debuggerOpen && saved ? (
        <DebuggerPanel
          debug={debug}
          onHighlightNode={focusNode}
          onClose={() => setDebuggerOpen(false)}
          typeLabel={(type) => library.lookup(type)?.label ?? 'Conector desconhecido'}
          lgpd={saved.config?.lgpd}
        />
      ) : null}
      {runData.bar}
      <EditorStatusBar
        counts={counts}
        nodeLimit={nodeLimit}
        dirty={draft.dirty}
        issueCount={issues.length}
        errorCount={issues.filter((issue) => issue.level === 'error').length}
        onShowIssues={() => setModal('errors')}
      />
      {flowImport.fileInput}
      {flowImport.exportDialog}
      {foreignImport.element}
      <EditorModals
        modal={modal}
        onClose={() => setModal(null)}
        settings={settings}
        onSettings={draft.change}
        issues={issues}
        onSelectNode={(uid) => {
          setModal(null);
          focusNode(uid);
        }}
        onTemplate={(template) => {
          setModal(null);
          const result = insertDocument(doc, template.data, belowDocument(doc), newNodeUid);
          apply(() => result.doc);
          flowImport.addVariables(template.variables);
          select(result.uids);
          window.setTimeout(() => void fitView({ duration: 300, maxZoom: 1.2 }), 50);
        }}
      />
      <ManualExecutionModal
        flowId={saved?._id ?? null}
        flowName={saved?.name}
        opened={modal === 'run'}
        onClose={() => setModal(null)}
      />
      {runData.modal}
      {versions.element}
      {leave.dialog}
    </Box>
  );
}
