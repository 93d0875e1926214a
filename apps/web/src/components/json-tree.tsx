import { useState } from 'react';
import { UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { childPath } from './json-path';
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
}

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
}: JsonTreeProps) {
  return (
    <div className={classes.tree} role="tree" aria-label="Árvore JSON">
      <JsonNode
        name={rootName}
        path={rootName ?? ''}
        value={value}
        depth={0}
        openDepth={openDepth}
        onSelectPath={onSelectPath}
        selectedPath={selectedPath}
      />
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
}

function entriesOf(value: object): [string | number, unknown][] {
  return Array.isArray(value)
    ? value.map((item, index): [number, unknown] => [index, item])
    : Object.entries(value);
}

function Primitive({ value }: { value: unknown }) {
  if (typeof value === 'string')
    return <span className={classes.string}>{JSON.stringify(value)}</span>;
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
}: {
  name: string;
  path: string;
  onSelectPath?: (path: string) => void;
  selectedPath?: string;
}) {
  return (
    <>
      {onSelectPath ? (
        <UnstyledButton
          className={classes.key}
          data-selectable
          data-selected={selectedPath === path || undefined}
          onClick={() => onSelectPath(path)}
          title={path}
        >
          {name}
        </UnstyledButton>
      ) : (
        <span className={classes.key}>{name}</span>
      )}
      <span>: </span>
    </>
  );
}

function JsonNode({
  name,
  path,
  value,
  depth,
  openDepth,
  onSelectPath,
  selectedPath,
}: JsonNodeProps) {
  const [open, setOpen] = useState(depth < openDepth);
  const label = name ?? unnamedRoot;
  const key =
    name !== undefined ? (
      <Key name={name} path={path} onSelectPath={onSelectPath} selectedPath={selectedPath} />
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
  const entries = entriesOf(value);
  const summary = Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`;
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
          {entries.map(([childKey, child]) => (
            <JsonNode
              key={String(childKey)}
              name={String(childKey)}
              path={childPath(path, childKey)}
              value={child}
              depth={depth + 1}
              openDepth={openDepth}
              onSelectPath={onSelectPath}
              selectedPath={selectedPath}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}
