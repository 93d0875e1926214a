import type { ServiceAccountField } from './service-account-field-parts';

/**
 * 'Pix (API do BC)' (docs/adr/0117): a PSP that follows the Banco Central's Pix API, reached
 * with OAuth2 client_credentials and a client certificate (mutual TLS). A PKCS#12 file
 * (.p12/.pfx) is turned into the two PEM texts with `openssl pkcs12` (docs/brasil.md).
 */
export const pixApiFields: ServiceAccountField[] = [
  {
    name: 'api_url',
    label: 'URL da API',
    kind: 'text',
    required: true,
    placeholder: 'https://pix.seupsp.com.br/api/v2',
    description: 'O endereço base da API Pix do seu PSP (https), onde ficam /cob, /pix e /webhook.',
  },
  {
    name: 'token_url',
    label: 'URL do token',
    kind: 'text',
    placeholder: 'https://pix.seupsp.com.br/oauth/token',
    description: 'Onde o PSP entrega o token OAuth2. Vazio: <URL da API>/oauth/token.',
  },
  { name: 'client_id', label: 'Client ID', kind: 'text', required: true },
  { name: 'client_secret', label: 'Client Secret', kind: 'text', required: true, secret: true },
  {
    name: 'certificate',
    label: 'Certificado (PEM)',
    kind: 'textarea',
    required: true,
    placeholder: '-----BEGIN CERTIFICATE-----',
    description: 'O certificado de cliente que o PSP emitiu ou cadastrou para a sua aplicação.',
  },
  {
    name: 'private_key',
    label: 'Chave privada (PEM)',
    kind: 'textarea',
    required: true,
    secret: true,
    placeholder: '-----BEGIN PRIVATE KEY-----',
  },
  { name: 'key_passphrase', label: 'Senha da chave', kind: 'text', secret: true },
  {
    name: 'ca_certificate',
    label: 'CA do PSP (PEM)',
    kind: 'textarea',
    placeholder: '-----BEGIN CERTIFICATE-----',
    description:
      'Só quando o certificado do servidor do PSP não é de uma autoridade pública (homologação).',
  },
];
