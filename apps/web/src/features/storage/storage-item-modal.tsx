import { useState } from 'react';
import { Button, FileInput, Group, Modal, Stack, TextInput } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@ponte/shared/messages';
import { joinStoragePath } from '@ponte/shared/storage.schema';
import { toast } from '../../lib/toasts';
import { createStorageFolder, storageFailure, storageQueryKey } from './api/storage-api';

const m = messages.storage;

export type StorageModalKind = 'folder' | 'upload';

/**
 * Where an upload goes: the current folder + '/' when no name is typed (the file keeps its own
 * name), else the typed name or path relative to the folder ('/' at the end: into that folder).
 */
export function uploadTarget(folder: string, name: string): string {
  const typed = name.trim();
  if (!typed) return folder === '/' ? '/' : `${folder}/`;
  const target = joinStoragePath(folder, typed);
  return typed.endsWith('/') && target !== '/' ? `${target}/` : target;
}

/** The folder to create: a name or path relative to the current folder. */
function folderTarget(folder: string, name: string): string {
  if (!name.trim()) throw new Error(m.pathRequired);
  const target = joinStoragePath(folder, name);
  if (target === '/') throw new Error(m.pathRequired);
  return target;
}

interface StorageItemModalProps {
  kind: StorageModalKind | null;
  /** The current folder, where a relative name starts. */
  folder: string;
  onClose: () => void;
  /** Sends the chosen file (the modal closes first; the page reports how it went). */
  onUpload: (file: File, pathFile: string) => void;
}

/** 'Criar pasta' and 'Upload' (spec 2 §2): a name or path relative to the current folder. */
export function StorageItemModal({ kind, folder, onClose, onUpload }: StorageItemModalProps) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const upload = kind === 'upload';

  const close = () => {
    setName('');
    setFile(null);
    setNameError(null);
    setFileError(null);
    onClose();
  };

  const createFolder = async (target: string) => {
    setSaving(true);
    try {
      await createStorageFolder(target);
      toast.success(m.folderCreated);
      void queryClient.invalidateQueries({ queryKey: storageQueryKey });
      close();
    } catch (error) {
      toast.error(storageFailure(error, m.folderError));
    } finally {
      setSaving(false);
    }
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    let target: string;
    try {
      target = upload ? uploadTarget(folder, name) : folderTarget(folder, name);
    } catch (error) {
      setNameError((error as Error).message);
      return;
    }
    setNameError(null);
    if (!upload) {
      void createFolder(target);
      return;
    }
    if (!file) {
      setFileError(m.fileRequired);
      return;
    }
    onUpload(file, target);
    close();
  };

  return (
    <Modal
      opened={kind !== null}
      onClose={close}
      title={upload ? 'Upload' : 'Criar pasta'}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={upload ? 'Nome ou caminho (opcional)' : 'Nome ou caminho'}
            description={
              upload
                ? `Relativo à pasta atual (${folder}). Vazio: o arquivo mantém o próprio nome.`
                : `Relativo à pasta atual (${folder}). Ex.: relatorios/2026`
            }
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={nameError}
            required={!upload}
            data-autofocus
          />
          {upload ? (
            <FileInput
              label="Arquivo"
              placeholder="Escolha um arquivo"
              leftSection={<IconUpload size={16} />}
              value={file}
              onChange={(chosen) => {
                setFile(chosen);
                setFileError(null);
              }}
              error={fileError}
              clearable
              required
            />
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={saving}>
              Cancelar
            </Button>
            <Button type="submit" loading={saving}>
              {upload ? 'Enviar' : 'Criar'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
