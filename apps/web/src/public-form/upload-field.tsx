import { ActionIcon, Button, FileButton, Group, Input, Stack, Text } from '@mantine/core';
import type { PublicFormField } from '@ponte/shared/forms.schema';
import { limits } from '@ponte/shared/limits';
import { formMessages } from '@ponte/shared/messages-forms';
import { uploadExtensions, uploadFileError } from '@ponte/shared/forms/submission';

const texts = formMessages.public;

interface UploadFieldProps {
  field: PublicFormField;
  id: string;
  files: File[];
  error: string | undefined;
  /** The files kept and the first refusal among the chosen ones (null when all were taken). */
  onChange: (files: File[], refusal: string | null) => void;
}

function sizeLabel(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024)
    return `${(size / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} KB`;
  return `${(size / 1024 / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;
}

/**
 * An upload field: the files are checked as they are chosen (extension, size, how many), the
 * refused ones never kept, so nothing the server would refuse is sent.
 */
export function UploadField({ field, id, files, error, onChange }: UploadFieldProps) {
  const extensions = uploadExtensions(field);
  const accept = extensions.length ? extensions.map((ext) => `.${ext}`).join(',') : undefined;

  const choose = (chosen: File | File[] | null) => {
    const list = chosen === null ? [] : Array.isArray(chosen) ? chosen : [chosen];
    if (!list.length) return;
    let refusal: string | null = null;
    const taken: File[] = [];
    for (const file of list) {
      const problem = uploadFileError(field, { name: file.name, size: file.size });
      if (problem) refusal ??= problem;
      else taken.push(file);
    }
    let next = field.upload_multiple ? [...files, ...taken] : taken.slice(0, 1);
    if (!field.upload_multiple && taken.length > 1) refusal ??= texts.fileOnlyOne;
    if (!field.upload_multiple && !taken.length) next = files;
    if (next.length > limits.formUploadFilesMax) {
      next = next.slice(0, limits.formUploadFilesMax);
      refusal ??= texts.tooManyFiles;
    }
    onChange(next, refusal);
  };

  const remove = (index: number) =>
    onChange(
      files.filter((_, i) => i !== index),
      null,
    );

  return (
    <Input.Wrapper label={field.label} required={field.is_required} error={error} id={id}>
      <Stack gap={6} mt={4}>
        <Group gap="sm">
          <FileButton onChange={choose} accept={accept} multiple={field.upload_multiple}>
            {(props) => (
              <Button {...props} id={id} variant="default">
                {field.upload_multiple ? texts.chooseFiles : texts.chooseFile}
              </Button>
            )}
          </FileButton>
          {!files.length && (
            <Text size="sm" c="dimmed">
              {texts.noFileChosen}
            </Text>
          )}
        </Group>
        {files.map((file, index) => (
          <Group key={`${file.name}-${index}`} gap="xs" wrap="nowrap">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {file.name} ({sizeLabel(file.size)})
            </Text>
            <ActionIcon
              variant="subtle"
              color="red"
              size="sm"
              aria-label={texts.removeFile(file.name)}
              onClick={() => remove(index)}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
      </Stack>
    </Input.Wrapper>
  );
}
