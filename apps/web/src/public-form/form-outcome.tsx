import { Alert, Button, Code, Group, Stack, Text, Title } from '@mantine/core';
import type { FormSubmitAnswer, PublicForm } from '@ponte/shared/forms.schema';
import { formMessages } from '@ponte/shared/messages-forms';
import classes from './public-form.module.css';
import { SafeHtml } from '../components/safe-html';

const texts = formMessages.public;

/** The flow's answer: a text keeps its line breaks; anything else is formatted JSON. Never HTML. */
function FlowResult({ result }: { result: unknown }) {
  if (result === undefined) return null;
  return (
    <Stack gap={4}>
      <Title order={2} size="h5">
        {texts.resultTitle}
      </Title>
      {typeof result === 'string' ? (
        <Text className={classes.result} data-testid="flow-result">
          {result}
        </Text>
      ) : (
        <Code block className={classes.result} data-testid="flow-result">
          {JSON.stringify(result, null, 2)}
        </Code>
      )}
    </Stack>
  );
}

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
