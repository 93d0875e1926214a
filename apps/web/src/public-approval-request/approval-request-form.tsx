import { useState } from 'react';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type {
  ApprovalRequestDecision,
  ApprovalRequestPage,
} from '@ponte/shared/approval-requests.schema';
import { ApprovalFields } from './approval-fields';
import { fieldErrors, initialFieldValues, sentFieldValues } from './approval-field-values';
import type { FieldValues } from './approval-field-values';

type Decision = ApprovalRequestDecision['decision'];

interface ApprovalRequestFormProps {
  page: ApprovalRequestPage;
  /** The decision being sent, or null. */
  sending: Decision | null;
  onDecide: (body: ApprovalRequestDecision) => void;
}

/**
 * The answer to a pending request: the fields the flow asks for, the optional comment, and
 * 'Rejeitar' and 'Aprovar'. A refused field is said under it and nothing is sent.
 */
export function ApprovalRequestForm({ page, sending, onDecide }: ApprovalRequestFormProps) {
  const [values, setValues] = useState<FieldValues>(() => initialFieldValues(page.fields));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [comment, setComment] = useState('');

  const change = (key: string, value: string | boolean) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  const decide = (decision: Decision) => {
    const refused = fieldErrors(page.fields, values, decision);
    setErrors(refused);
    if (Object.keys(refused).length > 0) return;
    const said = comment.trim();
    onDecide({
      decision,
      ...(said ? { comment: said } : {}),
      fields: sentFieldValues(page.fields, values),
    });
  };

  return (
    <Stack gap="md">
      <ApprovalFields
        fields={page.fields}
        values={values}
        errors={errors}
        disabled={sending !== null}
        onChange={change}
      />
      {page.comment ? (
        <Textarea
          label="Comentário (opcional)"
          autosize
          minRows={2}
          maxLength={2000}
          disabled={sending !== null}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
        />
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button
          variant="default"
          leftSection={<IconX size={16} />}
          loading={sending === 'reject'}
          disabled={sending === 'approve'}
          onClick={() => decide('reject')}
        >
          Rejeitar
        </Button>
        <Button
          leftSection={<IconCheck size={16} />}
          loading={sending === 'approve'}
          disabled={sending === 'reject'}
          onClick={() => decide('approve')}
        >
          Aprovar
        </Button>
      </Group>
    </Stack>
  );
}
