import { AspectRatio, Badge, Button, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import type { FlowTemplateListItem } from '@ponte/shared/flow-templates.schema';

interface TemplateCardProps {
  template: FlowTemplateListItem;
  /** This card's template is being fetched. */
  importing: boolean;
  /** Another import is under way. */
  disabled: boolean;
  onImport: () => void;
}

/** One template of the gallery: image, name, description, tags and 'Importar para o editor'. */
export function TemplateCard({ template, importing, disabled, onImport }: TemplateCardProps) {
  return (
    <Card component="article" aria-label={template.name} withBorder radius="md" padding="md">
      <Card.Section withBorder>
        <AspectRatio ratio={16 / 9}>
          <Image src={template.imageData} alt={`Ilustração do flow ${template.name}`} fit="cover" />
        </AspectRatio>
      </Card.Section>
      <Stack gap="xs" mt="md" style={{ flex: 1 }}>
        <Title order={3} size="h5" lh={1.3}>
          {template.name}
        </Title>
        <Text size="sm" c="dimmed">
          {template.description}
        </Text>
        <Group gap={6} mt="auto" pt="xs">
          {template.tags.map((tag) => (
            <Badge key={tag} variant="light" size="sm" tt="none">
              {tag}
            </Badge>
          ))}
        </Group>
      </Stack>
      <Button
        mt="md"
        fullWidth
        variant="light"
        leftSection={<IconFileImport size={16} />}
        loading={importing}
        disabled={disabled}
        onClick={onImport}
      >
        Importar para o editor
      </Button>
    </Card>
  );
}
