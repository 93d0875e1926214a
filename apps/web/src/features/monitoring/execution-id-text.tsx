import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';

const oneLine = { whiteSpace: 'nowrap' } as const;

/** An execution id on one line (a UUID cut in the middle reads as two ids). */
export function ExecutionIdText({ id, href }: { id: string; href?: string }) {
  if (href) {
    return (
      <Anchor component={Link} to={href} size="xs" ff="monospace" style={oneLine}>
        {id}
      </Anchor>
    );
  }
  return (
    <Text size="xs" ff="monospace" style={oneLine}>
      {id}
    </Text>
  );
}
