import { Chip, Group } from '@mantine/core';
import type { FlowTemplateTag } from '@ponte/shared/flow-templates.schema';

interface TemplateTagFilterProps {
  tags: FlowTemplateTag[];
  /** The chosen tag; '' for every template. */
  value: string;
  onChange: (tag: string) => void;
}

/** 'Todos' plus one chip per tag with its count (spec 1 §2.6). */
export function TemplateTagFilter({ tags, value, onChange }: TemplateTagFilterProps) {
  return (
    <Chip.Group value={value} onChange={onChange}>
      <Group gap={6} role="radiogroup" aria-label="Filtrar por tag">
        <Chip value="" size="sm">
          Todos
        </Chip>
        {tags.map(({ tag, count }) => (
          <Chip key={tag} value={tag} size="sm">
            {`${tag} (${count})`}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}
