import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import {
  formFieldSchema,
  type FormField,
  type FormFieldInput,
  type FormStatus,
} from '@ponte/shared/forms.schema';
import { messages } from '@ponte/shared/messages';
import { forms } from '../../db/schema-forms';
import { hashPassword } from '../auth/password-hasher';
import type { TestAccount, TestContext } from '../../test/test-app';

export interface FormRowInput {
  status?: FormStatus;
  fields?: FormFieldInput[];
  title?: string;
  message?: string;
  successMessage?: string;
  waitFlowResult?: boolean;
  /** A PIN: stored hashed and required. */
  pin?: string;
  name?: string;
}

/** A field with the spec's defaults and the given values. */
export const formField = (input: FormFieldInput): FormField => formFieldSchema.parse(input);

/** Inserts a form into the account's workspace, as the builder would have saved it. */
export async function insertForm(
  t: TestContext,
  account: TestAccount,
  input: FormRowInput = {},
): Promise<string> {
  const id = randomUUID();
  const now = t.clock.now();
  await t.database.db.insert(forms).values({
    id,
    workspaceId: account.workspaceId,
    name: input.name ?? 'Cadastro',
    status: input.status ?? 'published',
    fields: (input.fields ?? [{ name: 'nome', label: 'Nome', type: 'text' }]).map((f, i) =>
      formField({ position: i, ...f }),
    ),
    title: input.title ?? 'Cadastro de clientes',
    message: input.message ?? '',
    successMessage: input.successMessage ?? messages.forms.successDefault,
    waitFlowResult: input.waitFlowResult ?? false,
    requireAuthPin: input.pin !== undefined,
    authPinHash: input.pin !== undefined ? await hashPassword(input.pin) : null,
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

/** The nodes of a flow started by the form: its trigger, then `steps` in a line. */
export function formFlow(formId: string, ...steps: { type: string; params?: object }[]) {
  const nodes = [
    { uid: 'form', type: 'core_form_trigger', params: { form: formId } },
    ...steps.map((step, i) => ({ uid: `n${i}`, params: {}, ...step })),
  ].map((node, i) => ({ ...node, position: { x: i * 200, y: 0 } }));
  return {
    version: 1,
    nodes,
    edges: nodes.slice(1).map((node, i) => ({
      id: `e${i}`,
      source: nodes[i]!.uid,
      sourceOutput: 'default',
      target: node.uid,
    })),
  };
}

/** Creates the form's consumer flow through the API, as a person would. */
export async function createConsumer(
  t: TestContext,
  account: TestAccount,
  formId: string,
  ...steps: { type: string; params?: object }[]
): Promise<string> {
  const res = await t.request(account.token).post('/api/v1/flows', {
    name: 'Recebe o formulário',
    enabled: true,
    data: formFlow(formId, ...steps),
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { _id: string })._id;
}

const boundary = '----ponte-formulario';

/** A submission's multipart body: `values`, then `[field, filename, content]` per file. */
export function submission(values: unknown, files: [string, string, string | Buffer][] = []) {
  const chunks: Buffer[] = [];
  const add = (text: string) => chunks.push(Buffer.from(text));
  add(`--${boundary}\r\nContent-Disposition: form-data; name="values"\r\n\r\n`);
  add(typeof values === 'string' ? values : JSON.stringify(values));
  add('\r\n');
  for (const [name, filename, content] of files) {
    add(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\n`,
    );
    add('Content-Type: application/octet-stream\r\n\r\n');
    chunks.push(Buffer.isBuffer(content) ? content : Buffer.from(content));
    add('\r\n');
  }
  add(`--${boundary}--\r\n`);
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
