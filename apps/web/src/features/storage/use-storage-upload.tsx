import { useCallback, useRef, useState } from 'react';
import { Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { messages } from '@ponte/shared/messages';
import { ConfirmModal } from '../../components/confirm-modal';
import { isApiError } from '../../lib/api/api-error';
import { toast } from '../../lib/toasts';
import { storageFailure, storageQueryKey, uploadStorageFile } from './api/storage-api';

const m = messages.storage;

export const replaceQuestion = 'Substituir o arquivo existente?';

interface Question {
  /** The server's refusal, e.g. 'Já existe um arquivo ou pasta em "/a.txt".' */
  message: string;
  answer: (replace: boolean) => void;
}

/**
 * Sends files to the storage, one toast per file. An existing file (409) asks 'Substituir o
 * arquivo existente?' and, when confirmed, sends it again with `overwrite=true`.
 */
export function useStorageUpload() {
  const queryClient = useQueryClient();
  const [question, setQuestion] = useState<Question | null>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());

  const ask = (message: string) =>
    new Promise<boolean>((resolve) => {
      setQuestion({
        message,
        answer: (replace) => {
          setQuestion(null);
          resolve(replace);
        },
      });
    });

  const send = async (file: File, pathFile: string) => {
    try {
      try {
        await uploadStorageFile({ file, pathFile });
      } catch (error) {
        if (!isApiError(error) || error.status !== 409) throw error;
        if (!(await ask(storageFailure(error, m.uploadError)))) return;
        await uploadStorageFile({ file, pathFile, overwrite: true });
      }
      toast.success(m.uploaded);
    } catch (error) {
      toast.error(storageFailure(error, m.uploadError));
    } finally {
      void queryClient.invalidateQueries({ queryKey: storageQueryKey });
    }
  };

  /** Queues the upload: files go one after the other, so questions never overlap. */
  const upload = useCallback((file: File, pathFile: string) => {
    const next = queue.current.then(() => send(file, pathFile));
    queue.current = next;
    return next;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- send only reads stable setters
  }, []);

  const replaceDialog = (
    <ConfirmModal
      opened={question !== null}
      title="Arquivo já existe"
      message={
        <Stack gap={6} component="span">
          <Text span size="sm">
            {question?.message}
          </Text>
          <Text span size="sm" fw={600}>
            {replaceQuestion}
          </Text>
        </Stack>
      }
      onConfirm={() => question?.answer(true)}
      onCancel={() => question?.answer(false)}
    />
  );

  return { upload, replaceDialog };
}
