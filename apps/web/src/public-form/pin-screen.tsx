import { useState } from 'react';
import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { limits } from '@ponte/shared/limits';
import { formMessages } from '@ponte/shared/messages-forms';

const texts = formMessages.public;

interface PinScreenProps {
  error: string | null;
  checking: boolean;
  onEnter: (pin: string) => void;
}

/** A form protected by PIN: the PIN is asked before the form shows. */
export function PinScreen({ error, checking, onEnter }: PinScreenProps) {
  const [pin, setPin] = useState('');
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (pin.trim()) onEnter(pin.trim());
      }}
    >
      <Stack gap="md">
        <Text fw={600}>{texts.pinTitle}</Text>
        <PasswordInput
          label={texts.pinLabel}
          value={pin}
          maxLength={limits.formPinMax}
          autoComplete="off"
          autoFocus
          error={error}
          onChange={(event) => setPin(event.currentTarget.value)}
        />
        <Group>
          <Button type="submit" loading={checking} disabled={!pin.trim()}>
            {texts.pinEnter}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
