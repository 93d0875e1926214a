import { Fragment } from 'react';
import { messages } from '@ponte/shared/messages';
import { ConfirmModal } from '../../components/confirm-modal';
import type { FieldRemoval } from './use-field-removal';

const m = messages.tables;

/** The questions of `useFieldRemoval`: one field's values, or those a save would delete. */
export function FieldRemovalDialogs({
  removal,
  onSaveConfirmed,
}: {
  removal: FieldRemoval;
  onSaveConfirmed: (names: string[]) => void;
}) {
  const { pending, refused } = removal;
  return (
    <>
      <ConfirmModal
        opened={pending !== null}
        title={pending ? `Remover o campo "${pending.label}"?` : ''}
        message={pending ? m.fieldValuesCount(pending.count) : ''}
        danger
        onConfirm={removal.confirmPending}
        onCancel={removal.cancelPending}
      />
      <ConfirmModal
        opened={refused !== null}
        title="Apagar valores dos registros?"
        message={(refused ?? []).map((field) => (
          <Fragment key={field.name}>
            {field.message}
            <br />
          </Fragment>
        ))}
        danger
        onConfirm={() => onSaveConfirmed(removal.confirmRefused())}
        onCancel={removal.cancelRefused}
      />
    </>
  );
}
