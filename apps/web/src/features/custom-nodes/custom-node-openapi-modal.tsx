import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileCode } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { OpenApiSource, OpenApiSummary } from '@ponte/shared/custom-nodes-openapi.schema';
import { openApiDocumentMax } from '@ponte/shared/custom-nodes-openapi.schema';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import { useCreateFromOpenApi } from './api/create-from-openapi';
import { useReadOpenApi } from './api/read-openapi';
import { CustomNodeOpenApiOperations } from './custom-node-openapi-operations';

const m = messages.customNodesOpenApi;

interface Props {
  opened: boolean;
  onClose: () => void;
}

type Origin = 'url' | 'arquivo';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function FilePicker({
  file,
  onFile,
  onError,
}: {
  file: { name: string } | null;
  onFile: (file: { name: string; text: string }) => void;
  onError: (message: string) => void;
}) {
  return (
    <Dropzone
      multiple={false}
      maxSize={openApiDocumentMax}
      onDrop={([picked]) => {
        if (picked) void picked.text().then((text) => onFile({ name: picked.name, text }));
      }}
      onReject={() => onError(m.tooLarge)}
      aria-label="Arquivo do documento OpenAPI"
    >
      <Group justify="center" gap="sm" mih={90} style={{ pointerEvents: 'none' }}>
        <IconFileCode size={32} stroke={1.5} />
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {file ? file.name : 'Arraste o arquivo aqui ou clique para escolher'}
          </Text>
          <Text size="xs" c="dimmed">
            JSON ou YAML, OpenAPI 3.0, 3.1 ou Swagger 2.0, até 10 MB
          </Text>
        </Stack>
      </Group>
    </Dropzone>
  );
}

/** 'Criar a partir de OpenAPI' (docs/adr/0137): read a document, pick operations, create. */
export function CustomNodeOpenApiModal({ opened, onClose }: Props) {
  const navigate = useNavigate();
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const read = useReadOpenApi();
  const create = useCreateFromOpenApi();
  const [origin, setOrigin] = useState<Origin>('url');
  const [url, setUrl] = useState('');
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [summary, setSummary] = useState<OpenApiSummary | null>(null);
  const [source, setSource] = useState<OpenApiSource | null>(null);
  const [picked, setPicked] = useState<string[]>([]);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setSummary(null);
    setPicked([]);
    setError(null);
    onClose();
  };

  async function readDocument() {
    setError(null);
    const given: OpenApiSource | null =
      origin === 'url'
        ? url.trim()
          ? { url: url.trim() }
          : null
        : file
          ? { document: file.text }
          : null;
    if (!given) return setError(m.sourceRequired);
    try {
      const answer = await read.mutateAsync(given);
      setSummary(answer);
      setSource(given);
      setPicked([]);
      setName(answer.title.slice(0, limits.customNodeNameMax));
    } catch (failure) {
      setError(messageOf(failure));
    }
  }

  async function createConnector() {
    if (!source) return;
    setError(null);
    if (!picked.length) return setError(m.pickOperations);
    try {
      const created = await create.mutateAsync({ ...source, operations: picked, name });
      close();
      void navigate(`/custom-nodes/${encodeURIComponent(created._id)}`);
    } catch (failure) {
      setError(messageOf(failure));
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Criar a partir de OpenAPI"
      size="xl"
      fullScreen={isPhone}
    >
      <Stack gap="md">
        <SegmentedControl
          value={origin}
          onChange={(value) => setOrigin(value as Origin)}
          data={[
            { value: 'url', label: 'URL' },
            { value: 'arquivo', label: 'Arquivo' },
          ]}
          aria-label="Origem do documento"
        />
        {origin === 'url' ? (
          <TextInput
            label="URL do documento"
            placeholder="https://api.exemplo.com.br/openapi.json"
            value={url}
            onChange={(event) => setUrl(event.currentTarget.value)}
          />
        ) : (
          <FilePicker file={file} onFile={setFile} onError={setError} />
        )}
        <Group justify="flex-end">
          <Button
            variant={summary ? 'default' : 'filled'}
            onClick={() => void readDocument()}
            loading={read.isPending}
          >
            Ler documento
          </Button>
        </Group>
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        {summary ? (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {summary.spec} · {summary.title} {summary.version}
              {summary.servers[0] ? ` · ${summary.servers[0]}` : ''}
            </Text>
            <TextInput
              label="Nome do conector"
              withAsterisk
              maxLength={limits.customNodeNameMax}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
            />
            <CustomNodeOpenApiOperations
              operations={summary.operations}
              picked={picked}
              onChange={setPicked}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancelar
              </Button>
              <Button onClick={() => void createConnector()} loading={create.isPending}>
                Criar conector
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Stack>
    </Modal>
  );
}
