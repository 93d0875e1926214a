import type * as OpenPgp from 'openpgp';
import { messages } from '@ponte/shared/messages';
import { defineNode } from '../../../kit/define-node';
import { loadOpenpgp, needPrivate, needPublic, readGpgKeys } from './pgp-keys';

const asText = (value: unknown) =>
  typeof value === 'string'
    ? value
    : value === undefined || value === null
      ? ''
      : JSON.stringify(value);

/** `{valid, key_id}` of the first signature over a verified message. */
async function verdict(signatures: OpenPgp.VerifyMessageResult['signatures']) {
  const first = signatures[0];
  if (!first) return { valid: false, key_id: null };
  const key_id = first.keyID.toHex().toUpperCase();
  try {
    await first.verified;
    return { valid: true, key_id };
  } catch {
    return { valid: false, key_id };
  }
}

async function readArmored<T>(read: () => Promise<T>, what: string): Promise<T> {
  try {
    return await read();
  } catch {
    throw new Error(`O conteúdo não é ${what} em formato ASCII armor.`);
  }
}

export const pgpNode = defineNode({
  type: 'core_pgp',
  version: 1,
  category: 'action',
  label: 'PGP',
  description: 'Cifra, decifra, assina e verifica mensagens PGP com uma conta GPG.',
  icon: 'lock',
  params: {
    service_account: {
      type: 'service_account',
      label: 'Conta GPG',
      required: true,
      accepts: ['gpg_auth'],
    },
    operation: {
      type: 'select',
      label: 'Operação',
      default: 'encrypt',
      options: [
        { label: 'Cifrar', value: 'encrypt' },
        { label: 'Decifrar', value: 'decrypt' },
        { label: 'Assinar', value: 'sign' },
        { label: 'Verificar assinatura', value: 'verify' },
      ],
    },
    content: {
      type: 'textarea',
      label: 'Conteúdo',
      required: true,
      valueType: 'any',
      placeholder: '{{ msg.payload }}',
      description:
        'O texto a cifrar ou assinar; a mensagem PGP a decifrar ou verificar. Um objeto vira JSON.',
    },
    signature_mode: {
      type: 'select',
      label: 'Assinatura',
      default: 'cleartext',
      options: [
        { label: 'No próprio texto (cleartext)', value: 'cleartext' },
        { label: 'Separada (detached)', value: 'detached' },
      ],
    },
    signature: {
      type: 'textarea',
      label: 'Assinatura separada (verificar)',
      placeholder: '{{ msg.signature }}',
      description: 'Vazia: o conteúdo é uma mensagem assinada no próprio texto.',
    },
  },
  outputs: { default: { label: 'Saída' } },
  async run({ params, input, ports, scope, signal }) {
    const account = await ports.serviceAccounts.get(scope, params.service_account, signal);
    if (!account) throw new Error(messages.serviceAccounts.missingAccount);
    if (account.type !== 'gpg_auth') {
      throw new Error(messages.serviceAccounts.wrongType('O nó PGP', account.type));
    }
    const keys = await readGpgKeys(account.data);
    const openpgp = await loadOpenpgp();
    const content = asText(params.content);
    const done = (payload: unknown, pgp: Record<string, unknown>) => ({
      output: 'default',
      msg: { ...input, payload, pgp: { operation: params.operation, ...pgp } },
    });
    switch (params.operation) {
      case 'encrypt': {
        const armored = await openpgp.encrypt({
          message: await openpgp.createMessage({ text: content }),
          encryptionKeys: needPublic(keys),
          ...(keys.privateKey ? { signingKeys: keys.privateKey } : {}),
        });
        return done(armored, { signed: !!keys.privateKey });
      }
      case 'decrypt': {
        const message = await readArmored(
          () => openpgp.readMessage({ armoredMessage: content }),
          'uma mensagem PGP',
        );
        let result: Awaited<ReturnType<typeof openpgp.decrypt>>;
        try {
          result = await openpgp.decrypt({
            message,
            decryptionKeys: needPrivate(keys),
            ...(keys.publicKey ? { verificationKeys: keys.publicKey } : {}),
          });
        } catch (error) {
          if (error instanceof Error && error.message.startsWith('A conta GPG')) throw error;
          throw new Error('Não foi possível decifrar a mensagem com a chave privada da conta GPG.');
        }
        const signed = result.signatures.length > 0;
        const check = signed && keys.publicKey ? await verdict(result.signatures) : null;
        if (check && !check.valid && account.data.verify_server_signature !== false) {
          throw new Error('A assinatura da mensagem não confere com a chave pública da conta GPG.');
        }
        return done(String(result.data), {
          signed,
          valid: check?.valid ?? null,
          key_id: check?.key_id ?? null,
        });
      }
      case 'sign': {
        const signingKeys = needPrivate(keys);
        const detached = params.signature_mode === 'detached';
        const signed = detached
          ? await openpgp.sign({
              message: await openpgp.createMessage({ text: content }),
              signingKeys,
              detached: true,
            })
          : await openpgp.sign({
              message: await openpgp.createCleartextMessage({ text: content }),
              signingKeys,
            });
        return done(signed, { detached });
      }
      case 'verify': {
        const verificationKeys = needPublic(keys);
        const result = params.signature?.trim()
          ? await openpgp.verify({
              message: await openpgp.createMessage({ text: content }),
              signature: await readArmored(
                () => openpgp.readSignature({ armoredSignature: params.signature!.trim() }),
                'uma assinatura PGP',
              ),
              verificationKeys,
            })
          : await openpgp.verify({
              message: await readArmored(
                () => openpgp.readCleartextMessage({ cleartextMessage: content }),
                'uma mensagem PGP assinada',
              ),
              verificationKeys,
            });
        return done(await verdict(result.signatures), {});
      }
      default:
        throw new Error(`Operação de PGP desconhecida: ${params.operation}`);
    }
  },
});
