import { useState } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import {
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  formFieldTypes,
  notRequirableTypes,
  optionFieldTypes,
  withFieldType,
} from '@ponte/shared/forms.schema';
import type { FormFieldType, FormMask, FormValidation } from '@ponte/shared/forms.schema';
import { limits } from '@ponte/shared/limits';
import { FieldOptionSource } from './field-option-source';
import { fieldTypeLabels, maskLabels, optionsOf, validationLabels } from './form-labels';
import type { EditorField } from './use-form-editor';

const typeOptions = formFieldTypes.map((type) => ({ value: type, label: fieldTypeLabels[type] }));
const maskOptions = optionsOf(maskLabels);
const validationOptions = optionsOf(validationLabels);

/** Types with no default value a person could give. */
const noDefaultTypes: readonly FormFieldType[] = ['separator', 'upload', 'table'];

const clampWidth = (value: number | string) => {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n) || value === '') return limits.formFieldWidthDefault;
  return Math.min(limits.formFieldWidthMax, Math.max(limits.formFieldWidthMin, Math.round(n)));
};

interface FieldOptionsModalProps {
  field: EditorField;
  /** The field's number in the list (from 1). */
  position: number;
  onApply: (field: EditorField) => void;
  onClose: () => void;
}

/** The field options modal: every setting of one field, applied together. */
export function FieldOptionsModal({ field, position, onApply, onClose }: FieldOptionsModalProps) {
  const isPhone = useMediaQuery('(max-width: 36em)') ?? false;
  const [draft, setDraft] = useState(field);
  const [width, setWidth] = useState<number | string>(field.width_percent);
  const [maxSize, setMaxSize] = useState<number | string>(field.upload_maxsize);
  const set = <K extends keyof EditorField>(key: K, value: EditorField[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const { type } = draft;
  const separator = type === 'separator';

  const apply = () =>
    onApply({
      ...draft,
      width_percent: clampWidth(width),
      // An emptied size is refused on save (upload) or back to the default (other types).
      upload_maxsize:
        maxSize !== ''
          ? Number(maxSize)
          : type === 'upload'
            ? 0
            : limits.formUploadMaxSizeDefaultMb,
    });

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Opções do campo ${position}`}
      size="lg"
      centered
      fullScreen={isPhone}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label="Tipo"
            data={typeOptions}
            value={type}
            allowDeselect={false}
            onChange={(value) =>
              value &&
              setDraft((current) => ({
                ...withFieldType(current, value as FormFieldType),
                key: current.key,
              }))
            }
          />
          <TextInput
            label="Código"
            description="Nome do campo nos dados enviados ao flow."
            withAsterisk={!separator}
            maxLength={limits.formFieldCodeMax}
            value={draft.name}
            onChange={(event) => set('name', event.currentTarget.value)}
          />
        </SimpleGrid>
        <TextInput
          label={separator ? 'Título do separador' : 'Label'}
          withAsterisk={!separator}
          maxLength={limits.formLabelMax}
          value={draft.label}
          onChange={(event) => set('label', event.currentTarget.value)}
        />
        {noDefaultTypes.includes(type) ? null : type === 'textarea' ? (
          <Textarea
            label="Valor padrão"
            autosize
            minRows={2}
            value={draft.default_value}
            onChange={(event) => set('default_value', event.currentTarget.value)}
          />
        ) : (
          <TextInput
            label="Valor padrão"
            description={defaultHint(type)}
            value={draft.default_value}
            onChange={(event) => set('default_value', event.currentTarget.value)}
          />
        )}
        {notRequirableTypes.includes(type) || type === 'hidden' ? null : (
          <Switch
            label="Obrigatório"
            checked={draft.is_required}
            onChange={(event) => set('is_required', event.currentTarget.checked)}
          />
        )}
        {type === 'text' || type === 'textarea' ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {type === 'text' ? (
              <Select
                label="Máscara"
                data={maskOptions}
                value={draft.mask}
                allowDeselect={false}
                onChange={(value) => set('mask', (value ?? '') as FormMask)}
              />
            ) : null}
            <Select
              label="Validação"
              data={validationOptions}
              value={draft.validation}
              allowDeselect={false}
              onChange={(value) => set('validation', (value ?? '') as FormValidation)}
            />
          </SimpleGrid>
        ) : null}
        {type === 'text' && draft.mask === 'custom' ? (
          <TextInput
            label="Máscara personalizada"
            withAsterisk
            placeholder="000.SSS-AA"
            description="0 dígito, S letra, A letra ou número, # dígitos variáveis."
            maxLength={100}
            value={draft.mask_custom}
            onChange={(event) => set('mask_custom', event.currentTarget.value)}
          />
        ) : null}
        {type === 'upload' ? (
          <>
            <Switch
              label="Permitir vários arquivos"
              checked={draft.upload_multiple}
              onChange={(event) => set('upload_multiple', event.currentTarget.checked)}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label="Extensões aceitas"
                description="Separadas por vírgula, ex.: pdf, jpg, png. Em branco aceita qualquer uma."
                value={draft.upload_extensions}
                onChange={(event) => set('upload_extensions', event.currentTarget.value)}
              />
              <NumberInput
                label="Tamanho máximo (Mb)"
                description={`De 1 a ${limits.formUploadMaxSizeLimitMb} Mb.`}
                min={1}
                max={limits.formUploadMaxSizeLimitMb}
                clampBehavior="none"
                allowNegative={false}
                value={maxSize}
                onChange={setMaxSize}
              />
            </SimpleGrid>
          </>
        ) : null}
        {optionFieldTypes.includes(type) ? (
          <FieldOptionSource field={draft} onChange={(patch) => setDraft({ ...draft, ...patch })} />
        ) : null}
        <NumberInput
          label="Largura (%)"
          description="De 1 a 100% da linha."
          min={limits.formFieldWidthMin}
          max={limits.formFieldWidthMax}
          clampBehavior="blur"
          allowDecimal={false}
          allowNegative={false}
          value={width}
          onChange={setWidth}
          onBlur={() => setWidth(clampWidth(width))}
        />
        <Text size="xs" c="dimmed">
          As alterações valem para o form depois de salvá-lo.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={apply}>Aplicar</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function defaultHint(type: FormFieldType): string | undefined {
  if (type === 'date') return 'No formato AAAA-MM-DD.';
  if (type === 'datetime') return 'No formato AAAA-MM-DDTHH:mm.';
  if (type === 'checkbox') return '"true" para começar marcada.';
  if (optionFieldTypes.includes(type)) return 'O valor (não o label) da opção escolhida.';
  return undefined;
}
