import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { parseAllowedNetworks } from '../adapters/outbound-http/network-guard';
import { httpUrl } from './http-url';
import { defineModuleConfig } from './module-config';

/** Fastify's `trustProxy`: off, every hop, a hop count or the addresses/CIDRs trusted. */
export type TrustProxy = boolean | number | string[];

function isAddressOrCidr(entry: string): boolean {
  return ipaddr.isValid(entry) || isValidCidr(entry);
}

function isValidCidr(entry: string): boolean {
  try {
    ipaddr.parseCIDR(entry);
    return true;
  } catch {
    return false;
  }
}

const trustProxySchema = z.string().transform((value, ctx): TrustProxy => {
  const text = value.toLowerCase();
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = value.split(',').map((entry) => entry.trim());
  if (entries.every(isAddressOrCidr)) return entries;
  ctx.addIssue({
    code: 'custom',
    message: 'deve ser true, um número de saltos ou uma lista de IPs/CIDRs separada por vírgulas',
  });
  return z.NEVER;
});

/**
 * The process's networks: the internal ones the flows' requests may reach (the network guard,
 * ADR 0013), the address the outside knows it by, and the proxies in front of it.
 */
export const networkConfig = defineModuleConfig({
  variables: [
    {
      name: 'PONTE_HTTP_ALLOWED_NETWORKS',
      default: null,
      description:
        'Redes internas (CIDRs separados por vírgula) que as requisições HTTP dos flows podem acessar; sem ela, loopback, redes privadas e link-local ficam bloqueados.',
    },
    {
      name: 'PONTE_PUBLIC_URL',
      default: null,
      description:
        'Endereço público do Ponte (https://…), usado nas URLs de webhook e no endpoint do motor. Sem ela, vem de cada requisição.',
    },
    {
      name: 'PONTE_TRUST_PROXY',
      default: null,
      description:
        'Proxies reversos confiáveis: true, o número de saltos ou uma lista de IPs/CIDRs separada por vírgulas.',
    },
  ],
  envShape: {
    PONTE_HTTP_ALLOWED_NETWORKS: z
      .string()
      .transform((value, ctx) => {
        try {
          return parseAllowedNetworks(value);
        } catch (error) {
          ctx.addIssue({ code: 'custom', message: (error as Error).message });
          return z.NEVER;
        }
      })
      .optional(),
    PONTE_PUBLIC_URL: httpUrl.optional(),
    PONTE_TRUST_PROXY: trustProxySchema.optional(),
  },
  read: (parsed) => ({
    /** PONTE_HTTP_ALLOWED_NETWORKS: CIDRs the network guard lets flows reach. */
    httpAllowedNetworks: parsed.PONTE_HTTP_ALLOWED_NETWORKS ?? [],
    publicUrl: parsed.PONTE_PUBLIC_URL?.replace(/\/+$/, '') ?? null,
    trustProxy: parsed.PONTE_TRUST_PROXY ?? false,
  }),
});
