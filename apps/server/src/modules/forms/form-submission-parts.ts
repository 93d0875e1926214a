import type { Multipart } from '@fastify/multipart';
import { errorCodes } from '@ponte/shared/errors';
import type { FormSubmitValues, PublicFormField } from '@ponte/shared/forms.schema';
import {
  submissionErrors,
  uploadFileError,
  type SubmittedFile,
} from '@ponte/shared/forms/submission';
import { limits } from '@ponte/shared/limits';
import { messages } from '@ponte/shared/messages';
import type { StorageFileRef } from '@ponte/shared/storage.schema';
import { findForbiddenCharacter } from '@ponte/shared/text';
import { AppError, type ErrorDetail } from '../../lib/app-error';
import { uploadName, type ManualUploads } from '../triggers/manual-uploads';
import { sizeLimited } from './form-size-limit';

const m = messages.forms.public;
const mb = 1024 * 1024;

/** A 400 `form_invalid` with the refused fields (the page shows each under its field). */
export function formInvalid(details: ErrorDetail[]): AppError {
  return new AppError(400, errorCodes.formInvalid, m.invalidSummary, details);
}

const detailsOf = (errors: Record<string, string>): ErrorDetail[] =>
  Object.entries(errors).map(([field, message]) => ({ field, message }));

/** The `values` part: a JSON object within `limits.formValuesMaxBytes`, checked by the fields. */
function readValues(
  part: Extract<Multipart, { type: 'field' }> | undefined,
  fields: PublicFormField[],
): FormSubmitValues {
  if (!part || part.fieldname !== 'values') throw formInvalid([]);
  const raw = typeof part.value === 'string' ? part.value : '';
  if (part.valueTruncated || Buffer.byteLength(raw) > limits.formValuesMaxBytes) {
    throw new AppError(413, errorCodes.payloadTooLarge, m.valuesTooLarge);
  }
  let values: unknown;
  try {
    values = JSON.parse(raw);
  } catch {
    throw formInvalid([]);
  }
  // NUL or a lone surrogate (an escape such as `\ud800` in the JSON) is refused like any text.
  if (
    !values ||
    typeof values !== 'object' ||
    Array.isArray(values) ||
    findForbiddenCharacter(values) !== null
  )
    throw formInvalid([]);
  const errors = submissionErrors(fields, values as FormSubmitValues, [], { skipUploads: true });
  if (Object.keys(errors).length) throw formInvalid(detailsOf(errors));
  return values as FormSubmitValues;
}

/** A file past what its field takes (one, or `formUploadFilesMax`), before it is stored. */
function tooManyFor(field: PublicFormField, received: number): string | null {
  if (!field.upload_multiple) return received >= 1 ? m.fileOnlyOne : null;
  return received >= limits.formUploadFilesMax ? m.tooManyFiles : null;
}

/** What a submission read: its values and its files, each already in storage. */
export interface SubmissionParts {
  values: FormSubmitValues;
  files: (SubmittedFile & { ref: StorageFileRef })[];
}

/**
 * Reads a submission's parts in the protocol's order (docs/adr/0038): `values` first, checked
 * before any file is read; then each file, refused by its field's extensions before it is
 * stored and cut at its field's size; then every rule again with the files. Every folder
 * written goes into `kept`: the caller removes them when anything fails.
 */
export async function readSubmission(
  parts: AsyncIterableIterator<Multipart>,
  fields: PublicFormField[],
  store: { uploads: ManualUploads; workspaceId: string; kept: string[] },
): Promise<SubmissionParts> {
  const first = await parts.next();
  const firstPart = first.done ? undefined : first.value;
  if (firstPart?.type === 'file') firstPart.file.resume();
  const values = readValues(firstPart?.type === 'field' ? firstPart : undefined, fields);
  const files: SubmissionParts['files'] = [];
  for await (const part of parts) {
    if (part.type === 'field') continue;
    const field = fields.find((f) => f.type === 'upload' && f.name === part.fieldname);
    if (!field) {
      part.file.resume();
      throw formInvalid([{ field: part.fieldname, message: m.fileNotExpected }]);
    }
    const name = uploadName(part.filename);
    const refused =
      tooManyFor(field, files.filter((f) => f.field === field.name).length) ??
      uploadFileError(field, { name, size: 0 });
    if (refused) {
      part.file.resume();
      throw formInvalid([{ field: field.name, message: refused }]);
    }
    const maxMb = Math.min(field.upload_maxsize, limits.formUploadMaxSizeLimitMb);
    const limited = sizeLimited(part.file, Math.floor(maxMb * mb));
    const { upload, folder, truncated } = await store.uploads.save(store.workspaceId, limited, {
      filename: name,
      mimetype: part.mimetype,
    });
    store.kept.push(folder);
    if (truncated) throw formInvalid([{ field: field.name, message: m.fileTooLarge(name, maxMb) }]);
    files.push({ field: field.name, name: upload.name, size: upload.size, ref: upload });
  }
  const errors = submissionErrors(fields, values, files);
  if (Object.keys(errors).length) throw formInvalid(detailsOf(errors));
  return { values, files };
}
