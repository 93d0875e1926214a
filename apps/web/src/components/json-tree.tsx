import { useState, type DragEvent } from 'react';
import { UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { expressionChildPath } from './json-path';
import classes from './json-tree.module.css';

interface JsonTreeProps {
  /** A parsed JSON value. */
  value: unknown;
  /** Levels open at first; deeper objects and arrays start closed. */
  openDepth?: number;
  /**
   * The name shown on the root and the start of every path (`msg`). Without it the root shows
   * no key and paths start at its children (`payload.cliente`).
   */
  rootName?: string;
  /** When given, clicking a key picks its path (`msg.payload.cliente.nome`); otherwise keys are text. */
  onSelectPath?: (path: string) => void;
  /** The picked path, marked in the tree. */
  selectedPath?: string;
  /** When given, keys can be dragged: called on the drag's start with the key's path. */
  onDragPath?: (path: string, event: DragEvent<HTMLElement>) => void;
}

/** Children shown at first, and added by each 'Mostrar mais', so a huge array stays light. */
export const jsonTreeChunk = 100;
/** Longer strings are cut (a 10 MB base64 text would weigh on every render). */
const maxStringShown = 10_000;

/** The accessible name of a root without a name. */
const unnamedRoot = 'raiz';

/**
 * A parsed JSON value as a tree: keys and values, strings quoted, arrays with their indices;
 * each object or array opens and closes with a click, and keys may be picked as paths.
 */
export function JsonTree({
  value,
  openDepth = 2,
  rootName,
  onSelectPath,
  selectedPath,
  onDragPath,
}: JsonTreeProps) {
  const shared = { openDepth, onSelectPath, selectedPath, onDragPath };
  return (
    <div className={classes.tree} role="tree" aria-label="Árvore JSON">
      <JsonNode name={rootName} path={rootName ?? ''} value={value} depth={0} {...shared} />
    </div>
  );
}

interface JsonNodeProps {
  /** The key shown before the value; none on a root without a name. */
  name?: string;
  path: string;
  value: unknown;
  depth: number;
  openDepth: number;
  onSelectPath?: (path: string) => void;
  selectedPath?: string;
  onDragPath?: (path: string, event: DragEvent<HTMLElement>) => void;
}

/** The first `count` children: only those are read, however many the value holds. */
function entriesOf(value: object, count: number): [string | number, unknown][] {
  if (Array.isArray(value))
    return value.slice(0, count).map((item, index): [number, unknown] => [index, item]);
  const entries: [string, unknown][] = [];
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (entries.length === count) break;
    entries.push([key, (value as Record<string, unknown>)[key]]);
  }
  return entries;
}

function Primitive({ value }: { value: unknown }) {
  if (typeof value === 'string') {
    if (value.length <= maxStringShown)
      return <span className={classes.string}>{JSON.stringify(value)}</span>;
    const rest = (value.length - maxStringShown).toLocaleString('pt-BR');
    return (
      <span className={classes.string}>
        {JSON.stringify(value.slice(0, maxStringShown))}
        <span className={classes.summary}> … (mais {rest} caracteres)</span>
      </span>
    );
  }
  if (typeof value === 'number') return <span className={classes.number}>{String(value)}</span>;
  return (
    <span className={classes.literal}>{value === undefined ? 'undefined' : String(value)}</span>
  );
}

function Key({
  name,
  path,
  onSelectPath,
  selectedPath,
  onDragPath,
}: {
  name: string;
  path: string;
  onSelectPath?: (path: string) => void;
  selectedPath?: string;
  onDragPath?: (path: string, event: DragEvent<HTMLElement>) => void;
}) {
  const drag = onDragPath
    ? { draggable: true, onDragStart: (event: DragEvent<HTMLElement>) => onDragPath(path, event) }
    : {};
  return (
    <>
      {onSelectPath ? (
        <UnstyledButton
          className={classes.key}
          data-selectable
          data-selected={selectedPath === path || undefined}
          onClick={() => onSelectPath(path)}
          title={path}
          {...drag}
        >
          {name}
        </UnstyledButton>
      ) : (
        <span className={classes.key} {...drag}>
          {name}
        </span>
      )}
      <span>: </span>
    </>
  );
}

function JsonNode({ name, path, value, depth, ...shared }: JsonNodeProps) {
  const { openDepth, onSelectPath, selectedPath, onDragPath } = shared;
  const [open, setOpen] = useState(depth < openDepth);
  const [shown, setShown] = useState(jsonTreeChunk);
  const label = name ?? unnamedRoot;
  const key =
    name !== undefined ? (
      <Key
        name={name}
        path={path}
        onSelectPath={onSelectPath}
        selectedPath={selectedPath}
        onDragPath={onDragPath}
      />
    ) : null;

  if (value === null || typeof value !== 'object') {
    return (
      <div className={classes.row} role="treeitem" aria-label={label}>
        <span className={classes.toggle} />
        {key}
        <Primitive value={value} />
      </div>
    );
  }
  const size = Array.isArray(value) ? value.length : Object.keys(value).length;
  const summary = Array.isArray(value) ? `[${size}]` : `{${size}}`;
  return (
    <div role="treeitem" aria-label={label} aria-expanded={open}>
      <div className={classes.row}>
        <UnstyledButton
          className={classes.toggle}
          onClick={() => setOpen((current) => !current)}
          aria-label={`${open ? 'Recolher' : 'Expandir'} ${label}`}
        >
          {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
        </UnstyledButton>
        {key}
        <span className={classes.summary}>{summary}</span>
      </div>
      {open ? (
        <div className={classes.children} role="group">
          {entriesOf(value, shown).map(([childKey, child]) => (
            <JsonNode
              key={String(childKey)}
              name={String(childKey)}
              path={expressionChildPath(path, childKey)}
              value={child}
              depth={depth + 1}
              {...shared}
            />
          ))}
          {size > shown ? (
            <div className={classes.row}>
              <UnstyledButton
                className={classes.more}
                onClick={() => setShown((current) => current + jsonTreeChunk)}
              >
                Mostrar mais {Math.min(jsonTreeChunk, size - shown)}
              </UnstyledButton>
              <span className={classes.summary}>
                ({(size - shown).toLocaleString('pt-BR')} restantes)
              </span>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
