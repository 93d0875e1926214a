import { Alert, Anchor, Badge, Group, Select, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ParamSpec } from '@ponte/shared/flow/node-manifest.schema';
import { messages } from '@ponte/shared/messages';
import { useFormNames } from './form-lookup';

const m = messages.forms.picker;

interface FormReferenceFieldProps {
  name: string;
  spec: ParamSpec;
  value: unknown;
  onChange: (name: string, value: unknown) => void;
}

/**
 * Picks one of the workspace's forms for a 'Formulário' trigger; the param holds its `_id`.
 * Drafts carry a badge and, once chosen, a note: a draft receives nothing until published. A
 * value the list does not hold (an expression, a form removed since) stays visible.
 */
export function FormReferenceField({ name, spec, value, onChange }: FormReferenceFieldProps) {
  const { forms, isPending, isError } = useFormNames();
  const current = typeof value === 'string' && value ? value : null;
  const chosen = forms.find((form) => form._id === current);
  const drafts = new Set(forms.filter((f) => f.status === 'draft').map((f) => f._id));
  const options = forms.map((form) => ({ value: form._id, label: form.name || form._id }));
  const known = !current || isPending || isError || chosen !== undefined;
  const missing = current !== null && !known && !current.includes('{{');
  const extra =
    current && !known ? [{ value: current, label: missing ? m.missing(current) : current }] : [];
  const select = (
    <Select
      label={spec.label}
      description={spec.description}
      withAsterisk={spec.required}
      placeholder={isPending ? m.loading : (spec.placeholder ?? m.placeholder)}
      data={[...options, ...extra]}
      value={current}
      searchable
      clearable={!spec.required}
      nothingFoundMessage={m.nothingFound}
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap" justify="space-between" w="100%">
          <Text size="sm" truncate>
            {option.label}
          </Text>
          {drafts.has(option.value) && (
            <Badge size="xs" variant="light" color="gray">
              {m.draftBadge}
            </Badge>
          )}
        </Group>
      )}
      error={isError ? m.loadError : missing ? m.missingError : undefined}
      onChange={(next) => onChange(name, next ?? '')}
    />
  );
  if (!isPending && !isError && forms.length === 0) {
    return (
      <Stack gap={4}>
        {select}
        <Text size="xs" c="dimmed">
          {m.empty}{' '}
          <Anchor component={Link} to="/forms/new" size="xs" target="_blank">
            {m.create}
          </Anchor>
        </Text>
      </Stack>
    );
  }
  if (!chosen) return select;
  return (
    <Stack gap={4}>
      {select}
      {chosen.status === 'draft' && (
        <Group gap="xs" wrap="nowrap">
          <Badge size="xs" variant="light" color="gray">
            {m.draftBadge}
          </Badge>
          <Text size="xs" c="dimmed">
            {m.draftNote}
          </Text>
        </Group>
      )}
      <Anchor
        component={Link}
        to={`/forms/edit/${encodeURIComponent(chosen._id)}`}
        size="xs"
        target="_blank"
      >
        {m.openEditor}
      </Anchor>
    </Stack>
  );
}

/**
 * On a form trigger: the form's consumer is another flow than the one being edited (any flow,
 * before the first save). One consumer per form: this one would receive nothing.
 */
export function FormConsumerWarning({ form, flowId }: { form: unknown; flowId: string | null }) {
  const { forms } = useFormNames();
  const formId = typeof form === 'string' && form ? form : null;
  const consumer = forms.find((item) => item._id === formId)?.flow_id;
  if (!consumer || consumer._id === flowId) return null;
  return (
    <Alert color="yellow" title={m.otherConsumerTitle}>
      {messages.forms.otherConsumer(consumer.name)}
    </Alert>
  );
}
