import { useRef, useState } from 'react';
import {
  Button,
  FileButton,
  Group,
  Input,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import type { CustomNodeSaveIssue } from '@ponte/shared/custom-nodes.schema';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import { errorMessage } from '../../lib/api/api-error';
import { useGroupOptions } from '../../lib/groups/get-group-options';
import { readDataUrl } from './custom-node-file';
import { CustomNodeImage } from './custom-node-image';
import { issueAt } from './use-custom-node-draft';
import type { CustomNodeDraft } from './use-custom-node-draft';

const imageTypes = 'image/png,image/jpeg,image/gif,image/webp,image/svg+xml';

interface SettingsTabProps {
  draft: CustomNodeDraft;
  set: <K extends keyof CustomNodeDraft>(key: K, value: CustomNodeDraft[K]) => void;
  /** The save issues to show beside their fields (none before the first refused save). */
  issues: CustomNodeSaveIssue[];
}

/** 'Imagem': a picked file becomes the data URL; one over 100 000 characters changes nothing. */
function ImageField({
  value,
  onChange,
  issue,
}: {
  value: string;
  onChange: (value: string) => void;
  issue: string | undefined;
}) {
  const [error, setError] = useState<string | null>(null);
  const resetFile = useRef<() => void>(null);
  const pick = async (file: File | null) => {
    resetFile.current?.();
    if (!file) return;
    try {
      const url = await readDataUrl(file);
      if (url.length > limits.customNodeImageMax) {
        setError(messages.customNodes.imageTooLarge);
        return;
      }
      setError(null);
      onChange(url);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  const shown = error ?? issue;
  return (
    <Input.Wrapper
      label="Imagem"
      description="Tamanho recomendado: 128x128px, no máximo 100Kb."
      error={shown}
    >
      <Group gap="md" mt={6} wrap="nowrap">
        <Paper withBorder radius="md" p={8} aria-label="Pré-visualização da imagem">
          <CustomNodeImage src={value} size={64} />
        </Paper>
        <Group gap="xs">
          <FileButton resetRef={resetFile} onChange={(file) => void pick(file)} accept={imageTypes}>
            {(props) => (
              <Button
                {...props}
                variant="default"
                size="xs"
                leftSection={<IconPhotoUp size={15} />}
              >
                {value ? 'Trocar imagem' : 'Escolher imagem'}
              </Button>
            )}
          </FileButton>
          {value ? (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrash size={15} />}
              onClick={() => {
                setError(null);
                onChange('');
              }}
            >
              Remover imagem
            </Button>
          ) : null}
        </Group>
      </Group>
    </Input.Wrapper>
  );
}

/** The 'Configurações' tab (spec 2 'Custom connectors'): name, service, description, group, status, image. */
export function CustomNodeSettingsTab({ draft, set, issues }: SettingsTabProps) {
  const groups = useGroupOptions();
  const groupData = (groups.data?.items ?? []).map((item) => ({
    value: item._id,
    label: item.name,
  }));
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Nome"
            withAsterisk
            maxLength={limits.customNodeNameMax}
            value={draft.name}
            error={issueAt(issues, 'name')}
            onChange={(event) => set('name', event.currentTarget.value)}
          />
          <TextInput
            label="Nome do serviço"
            placeholder="Ex.: ViaCEP, ERP interno"
            maxLength={limits.customNodeNameMax}
            value={draft.service_name}
            error={issueAt(issues, 'service_name')}
            onChange={(event) => set('service_name', event.currentTarget.value)}
          />
        </SimpleGrid>
        <Textarea
          label="Descrição"
          withAsterisk
          autosize
          minRows={3}
          maxRows={8}
          maxLength={limits.customNodeDescriptionMax}
          value={draft.description}
          error={issueAt(issues, 'description')}
          onChange={(event) => set('description', event.currentTarget.value)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label="Grupo"
            placeholder="Sem grupo"
            clearable
            data={groupData}
            value={
              draft.group && groupData.some((g) => g.value === draft.group) ? draft.group : null
            }
            onChange={(value) => set('group', value)}
          />
          <Stack gap={4} justify="center">
            <Switch
              label="Ativo"
              checked={draft.enabled}
              onChange={(event) => set('enabled', event.currentTarget.checked)}
            />
            <Text size="xs" c="dimmed">
              Só um conector ativo aparece na paleta do editor de fluxos.
            </Text>
          </Stack>
        </SimpleGrid>
        <ImageField
          value={draft.imageData}
          onChange={(value) => set('imageData', value)}
          issue={issueAt(issues, 'imageData')}
        />
      </Stack>
    </Paper>
  );
}
