import * as openpgp from 'openpgp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFakePorts, type FakePorts } from '../../../testing/fake-ports';
import { runNode } from '../../../testing/run-node';
import { testGpgAccount } from './pgp-keys';
import { pgpNode } from './pgp.node.ts';

interface Pair {
  publicKey: string;
  privateKey: string;
  fingerprint: string;
}
const passphrase = 'frase-secreta-de-teste';
let ours: Pair;
let theirs: Pair;
let stranger: Pair;

async function pair(name: string): Promise<Pair> {
  const { publicKey, privateKey } = await openpgp.generateKey({
    userIDs: [{ name, email: `${name}@exemplo.com.br` }],
    passphrase,
    format: 'armored',
  });
  const key = await openpgp.readKey({ armoredKey: publicKey });
  return { publicKey, privateKey, fingerprint: key.getFingerprint().toUpperCase() };
}

beforeAll(async () => {
  [ours, theirs, stranger] = await Promise.all([pair('nos'), pair('parceiro'), pair('outro')]);
});

/** Our account: our private key, the partner's public key. */
function portsWith(data: Record<string, unknown> = {}): FakePorts {
  const ports = createFakePorts();
  ports.accounts.gpg = {
    _id: 'gpg',
    type: 'gpg_auth',
    data: {
      public_key: theirs.publicKey,
      private_key: ours.privateKey,
      passphrase,
      verify_server_signature: true,
      ...data,
    },
  };
  return ports;
}

const run = (ports: FakePorts, params: Record<string, unknown>) =>
  runNode(pgpNode, { ports, params: { service_account: 'gpg', ...params } });

async function unlocked(armored: string) {
  return openpgp.decryptKey({
    privateKey: await openpgp.readPrivateKey({ armoredKey: armored }),
    passphrase,
  });
}

describe('core_pgp', () => {
  it('encrypts to the public key: the partner decrypts it and checks our signature', async () => {
    const ports = portsWith();
    const { emitted } = await run(ports, { operation: 'encrypt', content: 'pedido 42' });
    const armored = emitted[0]?.msg.payload as string;
    expect(armored).toMatch(/^-----BEGIN PGP MESSAGE-----/);
    const { data, signatures } = await openpgp.decrypt({
      message: await openpgp.readMessage({ armoredMessage: armored }),
      decryptionKeys: await unlocked(theirs.privateKey),
      verificationKeys: await openpgp.readKey({ armoredKey: ours.publicKey }),
    });
    expect(data).toBe('pedido 42');
    await expect(signatures[0]!.verified).resolves.toBe(true);
  });

  it('decrypts with the private key and verifies the partner signature', async () => {
    const ports = portsWith();
    const encrypt = async (signer: Pair | null) =>
      openpgp.encrypt({
        message: await openpgp.createMessage({ text: 'boleto pago' }),
        encryptionKeys: await openpgp.readKey({ armoredKey: ours.publicKey }),
        ...(signer ? { signingKeys: await unlocked(signer.privateKey) } : {}),
      });
    const good = await run(ports, { operation: 'decrypt', content: await encrypt(theirs) });
    expect(good.emitted[0]?.msg.payload).toBe('boleto pago');
    expect(good.emitted[0]?.msg.pgp).toMatchObject({
      operation: 'decrypt',
      signed: true,
      valid: true,
    });

    const unsigned = await run(ports, { operation: 'decrypt', content: await encrypt(null) });
    expect(unsigned.emitted[0]?.msg.pgp).toMatchObject({ signed: false, valid: null });

    const forged = await encrypt(stranger);
    await expect(run(ports, { operation: 'decrypt', content: forged })).rejects.toThrow(
      'A assinatura da mensagem não confere com a chave pública da conta GPG.',
    );
    const lenient = portsWith({ verify_server_signature: false });
    const taken = await run(lenient, { operation: 'decrypt', content: forged });
    expect(taken.emitted[0]?.msg.pgp).toMatchObject({ signed: true, valid: false });
  });

  it('signs in cleartext or detached, and verifies both ways', async () => {
    // The partner's view: its account holds our public key.
    const partner = portsWith({ public_key: ours.publicKey, private_key: theirs.privateKey });
    const ports = portsWith();
    const clear = await run(ports, { operation: 'sign', content: 'remessa 7' });
    const signedText = clear.emitted[0]?.msg.payload as string;
    expect(signedText).toMatch(/^-----BEGIN PGP SIGNED MESSAGE-----/);
    expect(signedText).toContain('remessa 7');
    const checked = await run(partner, { operation: 'verify', content: signedText });
    const ourKeyId = (await openpgp.readKey({ armoredKey: ours.publicKey })).getKeyID().toHex();
    expect(checked.emitted[0]?.msg.payload).toEqual({
      valid: true,
      key_id: ourKeyId.toUpperCase(),
    });

    const detached = await run(ports, {
      operation: 'sign',
      content: 'remessa 8',
      signature_mode: 'detached',
    });
    const signature = detached.emitted[0]?.msg.payload as string;
    expect(signature).toMatch(/^-----BEGIN PGP SIGNATURE-----/);
    const ok = await run(partner, { operation: 'verify', content: 'remessa 8', signature });
    expect(ok.emitted[0]?.msg.payload).toMatchObject({ valid: true });
    const tampered = await run(partner, { operation: 'verify', content: 'remessa 9', signature });
    expect(tampered.emitted[0]?.msg.payload).toMatchObject({ valid: false });
  });

  it('fails in pt-BR without secrets: wrong passphrase, bad key, bad message, fingerprint', async () => {
    const secrets = [passphrase, 'outra-frase', ours.privateKey.slice(40, 120)];
    const failures = [
      [
        portsWith({ passphrase: 'outra-frase' }),
        'A frase secreta da conta GPG não abre a chave privada.',
      ],
      [
        portsWith({ private_key: 'lixo' }),
        'A chave privada da conta GPG não é uma chave PGP privada válida.',
      ],
      [
        portsWith({ public_key: 'lixo' }),
        'A chave pública da conta GPG não é uma chave PGP válida.',
      ],
      [
        portsWith({ fingerprint: stranger.fingerprint }),
        'A impressão digital da conta GPG não confere com nenhuma das chaves.',
      ],
    ] as const;
    for (const [ports, message] of failures) {
      const error = await run(ports, { operation: 'sign', content: 'x' }).catch((e: Error) => e);
      expect((error as Error).message).toBe(message);
      for (const secret of secrets) expect(String((error as Error).stack)).not.toContain(secret);
    }
    await expect(run(portsWith(), { operation: 'decrypt', content: 'não é pgp' })).rejects.toThrow(
      'O conteúdo não é uma mensagem PGP em formato ASCII armor.',
    );
    const spaced = theirs.fingerprint.replace(/(.{4})/g, '$1 ');
    await expect(
      run(portsWith({ fingerprint: spaced }), { operation: 'encrypt', content: 'x' }),
    ).resolves.toBeDefined();
  });

  it('tests an account: keys read, passphrase opens, fingerprint matches', async () => {
    const data = portsWith().accounts.gpg!.data;
    await expect(testGpgAccount(data)).resolves.toBe(
      `Chaves válidas: chave pública ${theirs.fingerprint}; chave privada ${ours.fingerprint} aberta.`,
    );
    await expect(testGpgAccount({ ...data, passphrase: 'errada' })).rejects.toThrow(
      'A frase secreta da conta GPG não abre a chave privada.',
    );
    await expect(testGpgAccount({})).rejects.toThrow('A conta GPG não tem nenhuma chave.');
  });
});
