import { z } from 'zod';

/** The variables, in the README's order (config.ts appends them to its own list). */
export const alertConfigVariables = [
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
];

/** The instance SMTP: where alerts go out when a rule names no SMTP service account. */
export interface InstanceSmtp {
  host: string;
  port: number;
  secure: boolean;
  username?: string;
  password?: string;
  from?: string;
}

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

export const alertEnvShape = {
  PONTE_SMTP_URL: smtpUrl.optional(),
  PONTE_SMTP_FROM: z.string().max(320).optional(),
};

/** Alert delivery (docs/adr/0052): the instance SMTP, or null when none is configured. */
export function alertConfigOf(env: {
  PONTE_SMTP_URL?: Omit<InstanceSmtp, 'from'> | undefined;
  PONTE_SMTP_FROM?: string | undefined;
}): { smtp: InstanceSmtp | null } {
  if (!env.PONTE_SMTP_URL) return { smtp: null };
  return {
    smtp: {
      ...env.PONTE_SMTP_URL,
      ...(env.PONTE_SMTP_FROM ? { from: env.PONTE_SMTP_FROM } : {}),
    },
  };
}
