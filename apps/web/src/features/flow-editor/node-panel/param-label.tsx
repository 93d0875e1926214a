import { Badge, Group } from '@mantine/core';
import { hasExpression } from './expression';

/** A param's label, with an 'Expressão' badge while its value holds `{{ … }}`. */
export function ParamLabel({ label, value }: { label: string; value: unknown }) {
  if (!hasExpression(value)) return label;
  return (
    <Group component="span" gap={6} wrap="nowrap" style={{ display: 'inline-flex' }}>
      <span>{label}</span>
      <Badge component="span" size="xs" variant="light" color="grape">
        Expressão
      </Badge>
    </Group>
  );
}
