import { useState } from 'react';
import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { FlowTemplate } from '@ponte/shared/flow-templates.schema';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import { EmptyState } from '../../../components/empty-state';
import { errorMessage } from '../../../lib/api/api-error';
import { toast } from '../../../lib/toasts';
import { getFlowTemplateQueryOptions } from '../api/get-flow-template';
import { useFlowTemplateTags } from '../api/get-flow-template-tags';
import { useFlowTemplates } from '../api/get-flow-templates';
import { TemplateCard } from './template-card';
import { TemplateTagFilter } from './template-tag-filter';

export interface TemplateGalleryModalProps {
  opened: boolean;
  onClose: () => void;
  /** The chosen template, with its flow document and variables; the caller closes the modal. */
  onImport: (template: FlowTemplate) => void;
}

const pageSize = limits.templateGalleryPageSize;

/** 'Galeria de templates de Flows' (spec 1 §2.6): tag filter, search, cards, 100 per page. */
export function TemplateGalleryModal({ opened, onClose, onImport }: TemplateGalleryModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Galeria de templates de Flows"
      size={1100}
      centered
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <TemplateGallery onImport={onImport} />
    </Modal>
  );
}

function TemplateGallery({ onImport }: { onImport: (template: FlowTemplate) => void }) {
  const queryClient = useQueryClient();
  const [tag, setTag] = useState('');
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [importing, setImporting] = useState<string | null>(null);
  const tags = useFlowTemplateTags();
  const list = useFlowTemplates({ page, query, tag });
  const templates = list.data ?? [];
  const hasNext = templates.length === pageSize;

  const chooseTag = (next: string) => {
    setTag(next);
    setPage(1);
  };
  const changeSearch = (text: string) => {
    setSearch(text);
    setPage(1);
  };

  const importTemplate = async (id: string) => {
    setImporting(id);
    try {
      onImport(await queryClient.fetchQuery(getFlowTemplateQueryOptions(id)));
    } catch (error) {
      toast.error(messages.templates.importError(errorMessage(error)));
    } finally {
      setImporting(null);
    }
  };

  return (
    <Stack gap="md">
      <TextInput
        aria-label="Buscar templates"
        placeholder="Buscar templates"
        value={search}
        onChange={(event) => changeSearch(event.currentTarget.value)}
        leftSection={<IconSearch size={16} />}
        maw={360}
        data-autofocus
      />
      {tags.isError ? (
        <Alert color="red" variant="light">
          {errorMessage(tags.error)}
        </Alert>
      ) : tags.data ? (
        <TemplateTagFilter tags={tags.data} value={tag} onChange={chooseTag} />
      ) : null}
      {list.isError ? (
        <Alert color="red" variant="light">
          {errorMessage(list.error)}
        </Alert>
      ) : list.isPending ? (
        <Center py="xl">
          <Loader aria-label="Carregando templates" />
        </Center>
      ) : templates.length === 0 ? (
        <EmptyState
          title="Nenhum template encontrado."
          description="Tente outra busca ou escolha outra tag."
        />
      ) : (
        <SimpleGrid
          cols={{ base: 1, sm: 2, md: 3 }}
          spacing="md"
          style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}
        >
          {templates.map((template) => (
            <TemplateCard
              key={template._id}
              template={template}
              importing={importing === template._id}
              disabled={importing !== null && importing !== template._id}
              onImport={() => void importTemplate(template._id)}
            />
          ))}
        </SimpleGrid>
      )}
      {page > 1 || hasNext ? (
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            leftSection={<IconChevronLeft size={16} />}
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            Página anterior
          </Button>
          <Text size="sm">Página {page}</Text>
          <Button
            variant="default"
            rightSection={<IconChevronRight size={16} />}
            disabled={!hasNext}
            onClick={() => setPage(page + 1)}
          >
            Próxima página
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
