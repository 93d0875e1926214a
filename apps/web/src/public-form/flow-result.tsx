import { Button, Code, CopyButton, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { formMessages } from '@ponte/shared/messages-forms';
import classes from './public-form.module.css';
import { fieldLabel, isBrCode, isPngDataUrl } from './flow-result-values';

const texts = formMessages.public;

/** A BR Code with its 'Copiar' button (the payer pastes it in their bank's app). */
function CopyableCode({ value, label }: { value: string; label: string }) {
  return (
    <Stack gap={6}>
      <Code block className={classes.result} data-testid="copyable-code">
        {value}
      </Code>
      <Group>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              onClick={copy}
              aria-label={texts.copyLabel(label)}
            >
              {copied ? texts.copied : texts.copy}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/** One value: a checked PNG as an image, a BR Code to copy, text, or formatted JSON. */
function ResultValue({ value, label }: { value: unknown; label: string }) {
  if (typeof value === 'string') {
    if (isPngDataUrl(value)) {
      return <Image src={value} alt={label} w={240} maw="100%" className={classes.qr} />;
    }
    if (isBrCode(value)) return <CopyableCode value={value} label={label} />;
    return <Text className={classes.result}>{value}</Text>;
  }
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) {
    return <Text>{String(value)}</Text>;
  }
  return (
    <Code block className={classes.result}>
      {JSON.stringify(value, null, 2)}
    </Code>
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The flow's answer: an object shows each field under its name; a text keeps its line breaks;
 * a PNG data URL is an image and a Pix BR Code gets 'Copiar'. Never HTML, never SVG.
 */
export function FlowResult({ result }: { result: unknown }) {
  if (result === undefined) return null;
  return (
    <Stack gap={4}>
      <Title order={2} size="h5">
        {texts.resultTitle}
      </Title>
      <Stack gap="sm" data-testid="flow-result">
        {isRecord(result) ? (
          Object.entries(result).map(([name, value]) => (
            <Stack key={name} gap={4}>
              <Text size="sm" fw={600}>
                {fieldLabel(name)}
              </Text>
              <ResultValue value={value} label={fieldLabel(name)} />
            </Stack>
          ))
        ) : (
          <ResultValue value={result} label={texts.resultTitle} />
        )}
      </Stack>
    </Stack>
  );
}
