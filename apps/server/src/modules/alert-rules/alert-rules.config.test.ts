import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../config';

describe('PONTE_SMTP_URL and PONTE_SMTP_FROM', () => {
  it('reads the instance SMTP: host, port, login, TLS and the sender', () => {
    expect(
      parseEnv({
        PONTE_SMTP_URL: 'smtps://alertas%40exemplo.com.br:s%3Aenha@smtp.exemplo.com.br',
        PONTE_SMTP_FROM: 'Ponte <ponte@exemplo.com.br>',
      }).alerts,
    ).toEqual({
      smtp: {
        host: 'smtp.exemplo.com.br',
        port: 465,
        secure: true,
        username: 'alertas@exemplo.com.br',
        password: 's:enha',
        from: 'Ponte <ponte@exemplo.com.br>',
      },
    });
    expect(parseEnv({ PONTE_SMTP_URL: 'smtp://relay.interno:25' }).alerts).toEqual({
      smtp: { host: 'relay.interno', port: 25, secure: false },
    });
  });

  it('refuses another scheme without showing the password', () => {
    expect(() => parseEnv({ PONTE_SMTP_URL: 'http://u:segredo@smtp.exemplo.com.br' })).toThrow(
      /PONTE_SMTP_URL é inválida: deve ser smtp:\/\/.*\.$/,
    );
    expect(() => parseEnv({ PONTE_SMTP_URL: 'http://u:segredo@smtp.exemplo.com.br' })).not.toThrow(
      /segredo/,
    );
  });
});
