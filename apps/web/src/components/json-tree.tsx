import { useState } from 'react';
import { Box, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';

interface JsonTreeProps {
  /** A parsed JSON value. */
  value: unknown;
  /** Levels open at first; deeper objects and arrays start closed. */
  openDepth?: number;
}

type Container = Record<string, unknown> | unknown[];

const isContainer = (value: unknown): value is Container =>
  typeof value === 'object' && value !== null;

function Primitive({ value }: { value: unknown }) {
  if (typeof value === 'string') {
    return (
      <Text span inherit c="green.8">
        {JSON.stringify(value)}
      </Text>
    );
  }
  const color = value === null ? 'gray.6' : typeof value === 'number' ? 'blue.7' : 'grape.7';
  return (
    <Text span inherit c={color}>
      {String(value)}
    </Text>
  );
}

function Key({ name }: { name: string | number }) {
  return (
    <Text span inherit fw={600}>
      {name}:{' '}
    </Text>
  );
}

function Node({
  name,
  value,
  depth,
  openDepth,
}: {
  name?: string | number;
  value: unknown;
  depth: number;
  openDepth: number;
}) {
  const [open, setOpen] = useState(depth < openDepth);
  if (!isContainer(value)) {
    return (
      <Box pl={18}>
        {name !== undefined ? <Key name={name} /> : null}
        <Primitive value={value} />
      </Box>
    );
  }
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : Object.entries(value);
  const [start, end] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  const summary = `${start}${entries.length}${end}`;

  return (
    <Box>
      <UnstyledButton
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        fz="inherit"
        ff="inherit"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
      >
        {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
        {name !== undefined ? <Key name={name} /> : null}
        <Text span inherit c="dimmed">
          {summary}
        </Text>
      </UnstyledButton>
      {open ? (
        <Box pl="md" style={{ borderLeft: '1px solid var(--mantine-color-gray-3)' }}>
          {entries.map(([key, item]) => (
            <Node key={key} name={key} value={item} depth={depth + 1} openDepth={openDepth} />
          ))}
        </Box>
      ) : null}
    </Box>
  );
}

/**
 * A parsed JSON value as a tree: keys and values, strings quoted, arrays with their indices;
 * each object or array opens and closes with a click.
 */
export function JsonTree({ value, openDepth = 2 }: JsonTreeProps) {
  return (
    <Box ff="monospace" fz="sm" role="group" aria-label="JSON" style={{ overflowX: 'auto' }}>
      <Node value={value} depth={0} openDepth={openDepth} />
    </Box>
  );
}
