import { useLayoutEffect, useRef } from 'react';
import { Box, Group, Loader, Text } from '@mantine/core';

const liveLabel = 'Resposta em andamento…';

/**
 * A running node's text as it is written (a 'Modelo de linguagem' answer streamed,
 * docs/adr/0102), from the live status of the flow: it grows while the node runs, kept scrolled
 * to its end, and goes when the node ends (its output is then in 'Saída' or the debugger).
 */
export function LiveAnswer({ text }: { text: string }) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = box.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [text]);
  return (
    <Box
      component="section"
      aria-label={liveLabel}
      aria-busy
      px="sm"
      py={6}
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group gap={6} mb={4}>
        <Loader size={12} />
        <Text size="xs" fw={600} c="dimmed">
          {liveLabel}
        </Text>
      </Group>
      <Box
        ref={box}
        data-testid="live-answer"
        mah={200}
        style={{ overflowY: 'auto', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        <Text size="sm" component="span">
          {text}
        </Text>
      </Box>
    </Box>
  );
}
