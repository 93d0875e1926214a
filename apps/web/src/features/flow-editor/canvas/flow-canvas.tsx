import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DragEvent, KeyboardEvent } from 'react';
import { Badge } from '@mantine/core';
import {
  Background,
  Controls,
  MiniMap,
  ReactFlow,
  applyNodeChanges,
  useReactFlow,
} from '@xyflow/react';
import type {
  Connection,
  Edge,
  EdgeChange,
  IsValidConnection,
  NodeChange,
  OnConnectEnd,
  OnSelectionChangeParams,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import type { FlowDocument } from '@ponte/shared/flow/flow-document.schema';
import { connect, moveNode, removeNode, disconnect } from '@ponte/shared/flow/flow-operations';
import type { ManifestLookup } from '@ponte/shared/flow/flow-operations';
import { nodeCategoryColours } from '@ponte/shared/flow/node-manifest.schema';
import { AddAfterContext } from './add-after-context';
import { droppedOnEmptyCanvas } from './dropped-on-empty-canvas';
import classes from './flow-canvas.module.css';
import { FlowNodeView } from './flow-node-view';
import { useCanvasFraming } from './use-canvas-framing';
import type { NodeDiffMark } from '@ponte/shared/versions/flow-diff';
import { toCanvasEdges, toCanvasNodes, type CanvasNode, type EdgeDiffMark } from './to-react-flow';
import type { CanvasNodeState } from '../run-data/run-data-types';

export const paletteDragType = 'application/x-ponte-node-type';

const nodeTypes = { flowNode: FlowNodeView };
const deleteKeys = ['Delete', 'Backspace'];

/** React Flow's own texts (screen readers, control titles) in pt-BR. */
const ariaLabels = {
  'node.a11yDescription.default':
    'Pressione Enter ou Espaço para selecionar um conector. Delete remove; as setas movem.',
  'node.a11yDescription.keyboardDisabled':
    'Pressione Enter ou Espaço para selecionar um conector. Delete remove.',
  'node.a11yDescription.ariaLiveMessage': ({
    direction,
    x,
    y,
  }: {
    direction: string;
    x: number;
    y: number;
  }) => `Conector movido para ${direction}. Nova posição: x ${x}, y ${y}`,
  'edge.a11yDescription.default':
    'Pressione Enter ou Espaço para selecionar uma conexão. Delete remove.',
  'controls.ariaLabel': 'Controles do editor',
  'controls.zoomIn.ariaLabel': 'Aproximar',
  'controls.zoomOut.ariaLabel': 'Afastar',
  'controls.fitView.ariaLabel': 'Ajustar à tela',
  'controls.interactive.ariaLabel': 'Travar edição',
  'minimap.ariaLabel': 'Minimapa',
  'handle.ariaLabel': 'Ponto de conexão',
};

export type DocumentEdit = (doc: FlowDocument) => FlowDocument;

/** A connector to add after an output: from a '+', or a connection dragged to the empty canvas. */
export interface AddAfterRequest {
  source: string;
  sourceOutput: string;
  /** The point of the graph where the dragged connection was dropped. */
  at?: { x: number; y: number };
}

interface FlowCanvasProps {
  doc: FlowDocument;
  lookup: ManifestLookup;
  issues: ReadonlyMap<string, 'error' | 'warning'>;
  onEdit: (edit: DocumentEdit) => void;
  onSelectionChange: (uids: string[]) => void;
  /** A new object selects exactly these uids (paste, duplicate, drop, select all). */
  selectRequest: { uids: string[] } | null;
  /** A node type dropped from the palette at a point of the graph. */
  onDropType: (type: string, position: { x: number; y: number }) => void;
  /** While set, a click on the empty canvas picks a point (import at a position). */
  pickMessage?: string;
  onPick?: (position: { x: number; y: number }) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void;
  /** The node the debugger holds now, drawn with a pulsing outline. */
  highlighted?: string | null;
  /** The node the side panel edits: kept in view when the panel narrows the canvas. */
  reveal?: string | null;
  /** A change (the debugger opening or closing) fits the whole graph to the new size. */
  refitKey?: unknown;
  /** Each node's state in the run looked at or running now (docs/adr/0089). */
  nodeStates?: ReadonlyMap<string, CanvasNodeState>;
  /** Nodes holding pinned output, drawn with a pin. */
  pinned?: ReadonlySet<string>;
  /** Edges a message went through in the run looked at: the path it took, highlighted. */
  takenEdges?: ReadonlySet<string>;
  /** A past execution or version: nothing can be moved, connected or removed. */
  readOnly?: boolean;
  /** A comparison of two versions (docs/adr/0103): how each node and edge changed. */
  diffNodes?: ReadonlyMap<string, NodeDiffMark>;
  diffEdges?: ReadonlyMap<string, EdgeDiffMark>;
  /** Opens the palette to add a connector after an output ('+', or a drag to empty canvas). */
  onAddAfter?: (request: AddAfterRequest) => void;
}

/** The graph (React Flow): drag, connect named outputs, select, delete, zoom, fit, minimap. */
export function FlowCanvas({
  doc,
  lookup,
  issues,
  onEdit,
  onSelectionChange,
  selectRequest,
  onDropType,
  pickMessage,
  onPick,
  onKeyDown,
  highlighted,
  reveal,
  refitKey,
  nodeStates,
  pinned,
  takenEdges,
  readOnly = false,
  onAddAfter,
  diffNodes,
  diffEdges,
}: FlowCanvasProps) {
  const { screenToFlowPosition } = useReactFlow();
  const wrapper = useRef<HTMLDivElement>(null);
  const { showMinimap, fitOptions } = useCanvasFraming(wrapper, { reveal, refitKey });
  const [nodes, setNodes] = useState<CanvasNode[]>([]);
  const [selectedEdges, setSelectedEdges] = useState<ReadonlySet<string>>(new Set());
  const handledRequest = useRef<{ uids: string[] } | null>(null);
  // Fit a loaded graph once; an empty new flow keeps the view where the person drops things.
  const [fitOnLoad] = useState(() => doc.nodes.length > 0);

  // The document is the truth; the canvas keeps only what is in flight (a drag, the selection).
  useEffect(() => {
    const request = selectRequest !== handledRequest.current ? selectRequest : null;
    handledRequest.current = selectRequest;
    setNodes((previous) => {
      const selected = new Set(
        request?.uids ?? previous.filter((node) => node.selected).map((node) => node.id),
      );
      return toCanvasNodes(doc, lookup, issues, selected, highlighted, {
        nodeStates,
        pinned,
        readOnly,
        ...(diffNodes ? { diff: diffNodes } : {}),
      });
    });
  }, [doc, lookup, issues, selectRequest, highlighted, nodeStates, pinned, readOnly, diffNodes]);

  const edges = useMemo(
    () => toCanvasEdges(doc, selectedEdges, takenEdges, diffEdges),
    [doc, selectedEdges, takenEdges, diffEdges],
  );

  const onNodesChange = useCallback((changes: NodeChange<CanvasNode>[]) => {
    // Removals go through onDelete so that one key press is one undo step.
    const local = changes.filter((change) => change.type !== 'remove');
    setNodes((current) => applyNodeChanges(local, current));
  }, []);

  // Edges are drawn from the document; only their selection lives here (removals: onDelete).
  const onEdgesChange = useCallback((changes: EdgeChange[]) => {
    const selections = changes.filter((change) => change.type === 'select');
    if (!selections.length) return;
    setSelectedEdges((current) => {
      const next = new Set(current);
      for (const change of selections) {
        if (change.selected) next.add(change.id);
        else next.delete(change.id);
      }
      return next;
    });
  }, []);

  const onNodeDragStop = useCallback(
    (_event: unknown, _node: CanvasNode, dragged: CanvasNode[]) => {
      onEdit((current) =>
        dragged.reduce(
          (next, node) => moveNode(next, node.id, { x: node.position.x, y: node.position.y }),
          current,
        ),
      );
    },
    [onEdit],
  );

  const onDelete = useCallback(
    ({ nodes: removed, edges: cut }: { nodes: CanvasNode[]; edges: Edge[] }) => {
      onEdit((current) => {
        let next = current;
        for (const edge of cut) next = disconnect(next, edge.id);
        for (const node of removed) next = removeNode(next, node.id);
        return next;
      });
    },
    [onEdit],
  );

  const onConnect = useCallback(
    (connection: Connection) => {
      if (!connection.sourceHandle) return;
      onEdit((current) =>
        connect(current, {
          source: connection.source,
          sourceOutput: connection.sourceHandle!,
          target: connection.target,
        }),
      );
    },
    [onEdit],
  );

  const addAfter = readOnly ? undefined : onAddAfter;
  // A connection dragged from an output and dropped on the empty canvas: add a node there.
  const onConnectEnd: OnConnectEnd = useCallback(
    (event, connection) => {
      const from = droppedOnEmptyCanvas(event, connection);
      if (!from || !addAfter) return;
      addAfter({
        source: from.source,
        sourceOutput: from.sourceOutput,
        at: screenToFlowPosition(from.point),
      });
    },
    [addAfter, screenToFlowPosition],
  );

  const isValidConnection: IsValidConnection = useCallback(
    (connection) => connection.source !== connection.target,
    [],
  );

  const handleSelection = useCallback(
    ({ nodes: chosen, edges: chosenEdges }: OnSelectionChangeParams) => {
      onSelectionChange(chosen.map((node) => node.id));
      setSelectedEdges(new Set(chosenEdges.map((edge) => edge.id)));
    },
    [onSelectionChange],
  );

  const onDragOver = useCallback(
    (event: DragEvent) => {
      if (readOnly || !event.dataTransfer.types.includes(paletteDragType)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
    },
    [readOnly],
  );

  const onDrop = useCallback(
    (event: DragEvent) => {
      const type = event.dataTransfer.getData(paletteDragType);
      if (readOnly || !type) return;
      event.preventDefault();
      onDropType(type, screenToFlowPosition({ x: event.clientX, y: event.clientY }));
    },
    [onDropType, screenToFlowPosition, readOnly],
  );

  const onPaneClick = useCallback(
    (event: React.MouseEvent) => {
      if (!onPick) return;
      onPick(screenToFlowPosition({ x: event.clientX, y: event.clientY }));
    },
    [onPick, screenToFlowPosition],
  );

  const minimapColor = useMemo(
    () => (node: CanvasNode) =>
      node.data.category === 'unknown' ? '#adb5bd' : nodeCategoryColours[node.data.category],
    [],
  );

  const canvas = (
    <div
      ref={wrapper}
      className={classes.wrapper}
      onKeyDown={readOnly ? undefined : onKeyDown}
      tabIndex={-1}
      data-read-only={readOnly || undefined}
      data-picking={pickMessage ? true : undefined}
      style={pickMessage ? { cursor: 'crosshair' } : undefined}
    >
      {pickMessage ? (
        <Badge className={classes.pickBanner} size="lg" variant="filled" color="blue">
          {pickMessage}
        </Badge>
      ) : null}
      <ReactFlow<CanvasNode>
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onNodeDragStop={onNodeDragStop}
        onDelete={readOnly ? undefined : onDelete}
        onConnect={readOnly ? undefined : onConnect}
        onConnectEnd={readOnly ? undefined : onConnectEnd}
        nodesDraggable={!readOnly}
        nodesConnectable={!readOnly}
        edgesReconnectable={!readOnly}
        isValidConnection={isValidConnection}
        onSelectionChange={handleSelection}
        onDragOver={onDragOver}
        onDrop={onDrop}
        onPaneClick={onPaneClick}
        deleteKeyCode={readOnly ? null : deleteKeys}
        multiSelectionKeyCode={['Control', 'Meta']}
        fitView={fitOnLoad}
        fitViewOptions={fitOptions}
        minZoom={0.1}
        maxZoom={2}
        proOptions={{ hideAttribution: true }}
        aria-label="Editor visual do fluxo"
        ariaLabelConfig={ariaLabels}
      >
        <Background gap={16} />
        <Controls showInteractive={false} fitViewOptions={fitOptions} />
        {showMinimap ? <MiniMap<CanvasNode> pannable zoomable nodeColor={minimapColor} /> : null}
      </ReactFlow>
    </div>
  );
  // The '+' of each free output reaches the editor through this context (node data is plain JSON).
  return <AddAfterContext value={addAfter}>{canvas}</AddAfterContext>;
}
