import { Alert, Button, Group, Stack } from '@mantine/core';
import type { FormSubmitAnswer, PublicForm } from '@ponte/shared/forms.schema';
import { formMessages } from '@ponte/shared/messages-forms';
import { SafeHtml } from '../components/safe-html';
import { FlowResult } from './flow-result';

const texts = formMessages.public;

interface FormOutcomeProps {
  form: PublicForm;
  answer: FormSubmitAnswer;
  onBack: () => void;
}

/** After an accepted submission: the success message, the flow's answer or its failure. */
export function FormOutcome({ form, answer, onBack }: FormOutcomeProps) {
  return (
    <Stack gap="md">
      {answer.outcome === 'sent' || answer.outcome === 'result' ? (
        <SafeHtml html={form.success_message} />
      ) : (
        <Alert color={answer.outcome === 'error' ? 'red' : 'yellow'} role="alert">
          {answer.message}
        </Alert>
      )}
      {answer.outcome === 'result' && <FlowResult result={answer.result} />}
      {form.show_back_button && (
        <Group>
          <Button variant="default" onClick={onBack}>
            {texts.back}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
