import { Alert, Loader, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { diffValues } from '@ponte/shared/versions/value-diff';
import { messages } from '@ponte/shared/messages';
import { errorMessage } from '../../lib/api/api-error';
import { useVersion } from '../../lib/versions/api/get-version';
import type { VersionedResourceRef } from '../../lib/versions/api/versioned-resource';
import { VersionChanges } from './version-changes';
import type { VersionLabels } from './version-labels';

const m = messages.versions;

export interface VersionComparison {
  from: number;
  to: number;
  /** The resource's version now ('(atual)' beside it). */
  current: number;
  title: string;
}

/** What changed from one version of a resource to another (closed while `comparison` is null). */
export function VersionCompareModal({
  resource,
  comparison,
  labels,
  onClose,
}: {
  resource: VersionedResourceRef;
  comparison: VersionComparison | null;
  labels: VersionLabels;
  onClose: () => void;
}) {
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const before = useVersion(resource, comparison?.from ?? null);
  const after = useVersion(resource, comparison?.to ?? null);
  const failure = before.error ?? after.error;
  const column = (number: number) => m.versionColumn(number, number === comparison?.current);

  return (
    <Modal
      opened={comparison !== null}
      onClose={onClose}
      title={comparison?.title}
      size="xl"
      fullScreen={isPhone}
      zIndex={300}
    >
      {!comparison ? null : failure ? (
        <Alert color="red" variant="light">
          {errorMessage(failure)}
        </Alert>
      ) : !before.data || !after.data ? (
        <Loader size="sm" aria-label="Carregando" />
      ) : (
        <VersionChanges
          changes={diffValues(before.data.document, after.data.document)}
          labels={labels}
          beforeTitle={column(comparison.from)}
          afterTitle={column(comparison.to)}
        />
      )}
    </Modal>
  );
}
