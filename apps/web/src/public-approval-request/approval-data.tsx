import { Code, Table } from '@mantine/core';
import classes from './approval-request.module.css';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value of the table: a text as it is, anything else as compact JSON. */
function cellText(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? String(value);
}

/**
 * The data the flow shows whoever decides, always as text (never HTML): an object as a table
 * of its keys and values, any other value as formatted JSON; nothing when there is none.
 */
export function ApprovalData({ data }: { data: unknown }) {
  if (data === null || data === undefined) return null;
  if (!isPlainObject(data))
    return (
      <Code block className={classes.json} aria-label="Dados">
        {JSON.stringify(data, null, 2)}
      </Code>
    );
  const entries = Object.entries(data);
  if (entries.length === 0) return null;
  return (
    <Table withTableBorder withColumnBorders verticalSpacing={6} aria-label="Dados" layout="fixed">
      <Table.Tbody>
        {entries.map(([key, value]) => (
          <Table.Tr key={key}>
            <Table.Th w="35%" scope="row" className={classes.key}>
              {key}
            </Table.Th>
            <Table.Td className={classes.value}>{cellText(value)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
