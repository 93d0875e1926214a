import { Anchor, Badge, Card, Group, List, Stack, Text, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTimeMinutes } from '@ponte/shared/format';
import { describeHit, hitFields } from '@ponte/shared/lgpd/titular-hits';
import { titularMessages } from '@ponte/shared/lgpd/titular-messages';
import {
  titularScanMax,
  titularTextFileMaxBytes,
  type TitularPlaceResult,
  type TitularSearchResult,
} from '@ponte/shared/lgpd/titular.schema';
import { titularHitUrl } from './titular-links';

const m = titularMessages;
const textFileMaxMb = titularTextFileMaxBytes / 1024 / 1024;

function PlaceCard({ result }: { result: TitularPlaceResult }) {
  const more = result.found - result.items.length;
  return (
    <Card withBorder padding="sm" component="section" aria-label={m.places[result.place]}>
      <Group justify="space-between" wrap="nowrap" mb={result.found ? 'xs' : 0}>
        <Text fw={600} style={{ minWidth: 0 }}>
          {m.places[result.place]}
        </Text>
        {/* The counts are never cut: on a phone the place's name breaks instead. */}
        <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
          {result.masked > 0 && (
            <Tooltip label={m.maskedTraceHint} multiline w={280}>
              <Badge color="yellow" variant="light">
                {result.masked} {result.masked === 1 ? 'rastro mascarado' : 'rastros mascarados'}
              </Badge>
            </Tooltip>
          )}
          <Badge color={result.found ? 'red' : 'gray'} variant="light">
            {result.found}
          </Badge>
        </Group>
      </Group>
      {result.items.length > 0 && (
        <List size="sm" spacing={4} listStyleType="none">
          {result.items.map((hit) => {
            const url = titularHitUrl(result.place, hit);
            const text = describeHit(result.place, hit);
            return (
              <List.Item key={`${hit.id}-${hit.fields.join()}`}>
                <Stack gap={0}>
                  {url ? (
                    <Anchor component={Link} to={url} style={{ wordBreak: 'break-word' }}>
                      {text}
                    </Anchor>
                  ) : (
                    <Text size="sm">{text}</Text>
                  )}
                  <Group gap={6}>
                    <Text size="xs" c="dimmed">
                      {[hitFields(result.place, hit), hit.at ? formatDateTimeMinutes(hit.at) : '']
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                    {hit.masked && (
                      <Badge size="xs" color="yellow" variant="light">
                        {m.maskedTrace}
                      </Badge>
                    )}
                  </Group>
                </Stack>
              </List.Item>
            );
          })}
        </List>
      )}
      {more > 0 && (
        <Text size="sm" c="dimmed" mt={4}>
          {m.more(more)}
        </Text>
      )}
      {result.truncated && (
        <Text size="xs" c="dimmed">
          {m.truncated(titularScanMax)}
        </Text>
      )}
      {result.skipped ? (
        <Text size="xs" c="dimmed">
          {m.skippedFiles(result.skipped, textFileMaxMb)}
        </Text>
      ) : null}
      {result.walk_stopped && (
        <Text size="xs" c="dimmed">
          {m.walkStopped(titularScanMax)}
        </Text>
      )}
    </Card>
  );
}

/** A search's hits grouped by place, each with its count, its first items and their links. */
export function TitularResults({ result }: { result: TitularSearchResult }) {
  return (
    <Stack gap="sm">
      {result.places.map((place) => (
        <PlaceCard key={place.place} result={place} />
      ))}
    </Stack>
  );
}
