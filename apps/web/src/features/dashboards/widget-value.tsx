import { Anchor, Center, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { FontSize, ValueResult } from '@ponte/shared/dashboards.schema';
import { formatFigure, formatMilliseconds } from './widget-formats';

/** Spec 2 §9 font sizes p, m, g: the figure's size in the card. */
export const figureSizes: Record<FontSize, number> = { p: 24, m: 36, g: 56 };

interface WidgetValueProps {
  result: ValueResult;
  fontSize: FontSize;
  /** The monitoring page filtered the same way (beyond the spec); none in the editor. */
  link?: string;
  /** What the link opens, for screen readers. */
  linkLabel?: string;
}

/**
 * A count or an execution time: one figure, pt-BR, centred; AI tokens also say their parts in
 * and out under it.
 */
export function WidgetValue({ result, fontSize, link, linkLabel }: WidgetValueProps) {
  const figure =
    result.unit === 'ms' ? formatMilliseconds(result.value) : formatFigure(result.value);
  const size = figureSizes[fontSize];
  const { tokens } = result;
  return (
    <Center h="100%" data-testid="widget-value">
      <Stack gap={2} align="center">
        {link ? (
          <Anchor
            component={Link}
            to={link}
            fz={size}
            fw={700}
            lh={1.1}
            underline="hover"
            title={linkLabel}
            aria-label={linkLabel ? `${figure}: ${linkLabel}` : undefined}
          >
            {figure}
          </Anchor>
        ) : (
          <Text fz={size} fw={700} lh={1.1}>
            {figure}
          </Text>
        )}
        {tokens ? (
          <Text size="xs" c="dimmed">
            {formatFigure(tokens.entrada)} de entrada · {formatFigure(tokens.saida)} de saída
          </Text>
        ) : null}
      </Stack>
    </Center>
  );
}
