import { z } from 'zod';
import type { InstanceSmtp } from '../../adapters/mail/instance-smtp';
import { defineModuleConfig } from '../../config/module-config';

/** The instance SMTP: where alerts go out when a rule names no SMTP service account. */
export type { InstanceSmtp };

const smtpUrl = z.string().transform((value, ctx) => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    url = new URL('invalid:');
  }
  if ((url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname) {
    ctx.addIssue({
      code: 'custom',
      message: 'deve ser smtp://usuário:senha@host:porta ou smtps://usuário:senha@host:porta',
    });
    return z.NEVER;
  }
  const secure = url.protocol === 'smtps:';
  const username = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(username ? { username } : {}),
    ...(password ? { password } : {}),
  };
});

/** Alert delivery (docs/adr/0052): the instance SMTP, or null when none is configured. */
export const alertRulesConfig = defineModuleConfig({
  variables: [
    {
      name: 'PONTE_SMTP_URL',
      default: null,
      description:
        'Servidor SMTP da instalação para os alertas sem conta de serviço (smtp://usuário:senha@host:porta; smtps:// para TLS).',
    },
    {
      name: 'PONTE_SMTP_FROM',
      default: null,
      description:
        'Remetente dos alertas enviados pelo PONTE_SMTP_URL (sem ela: o usuário do servidor, se for um e-mail).',
    },
  ],
  envShape: {
    PONTE_SMTP_URL: smtpUrl.optional(),
    PONTE_SMTP_FROM: z.string().max(320).optional(),
  },
  read: (parsed): { alerts: { smtp: InstanceSmtp | null } } => {
    if (!parsed.PONTE_SMTP_URL) return { alerts: { smtp: null } };
    return {
      alerts: {
        smtp: {
          ...parsed.PONTE_SMTP_URL,
          ...(parsed.PONTE_SMTP_FROM ? { from: parsed.PONTE_SMTP_FROM } : {}),
        },
      },
    };
  },
});
