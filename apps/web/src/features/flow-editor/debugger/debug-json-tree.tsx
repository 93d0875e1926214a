import { useState } from 'react';
import { UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import classes from './debugger.module.css';
import { childPath } from './json-path';

interface DebugJsonTreeProps {
  value: unknown;
  /** The name of the root, and the start of every path ('msg'). */
  rootName?: string;
  /** When given, clicking a key picks its path (`msg.payload.cliente.nome`). */
  onSelectPath?: (path: string) => void;
  selectedPath?: string;
  /** Levels open at first. */
  openDepth?: number;
}

/** A collapsible JSON tree (objects and arrays fold; keys may be picked as paths). */
export function DebugJsonTree({
  value,
  rootName = 'msg',
  onSelectPath,
  selectedPath,
  openDepth = 2,
}: DebugJsonTreeProps) {
  return (
    <div className={classes.tree} role="tree" aria-label="Árvore JSON">
      <JsonNode
        name={rootName}
        path={rootName}
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
  name: string;
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
  const container = value !== null && typeof value === 'object';
  const entries = container ? entriesOf(value) : [];
  const key = onSelectPath ? (
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
  );

  if (!container) {
    return (
      <div className={classes.row} role="treeitem" aria-label={name}>
        <span className={classes.toggle} />
        {key}
        <span>:</span>
        <Primitive value={value} />
      </div>
    );
  }
  const summary = Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`;
  return (
    <div role="treeitem" aria-label={name} aria-expanded={open}>
      <div className={classes.row}>
        <UnstyledButton
          className={classes.toggle}
          onClick={() => setOpen((current) => !current)}
          aria-label={`${open ? 'Recolher' : 'Expandir'} ${name}`}
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
