import { describe, expect, it } from 'vitest';
import { createNetworkGuard, parseAllowedNetworks } from './network-guard';

const refusalOf = (allowed: string[], address: string) => {
  try {
    createNetworkGuard(allowed).check(address);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};

describe('network guard', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['10.1.2.3', 'rede privada'],
    ['172.16.0.1', 'rede privada'],
    ['192.168.0.10', 'rede privada'],
    ['fd12:3456::1', 'rede privada'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['0.0.0.0', 'não especificado'],
    ['::', 'não especificado'],
    ['224.0.0.251', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['100.100.100.200', 'CGNAT'],
    ['192.0.2.1', 'reservado'],
    ['240.0.0.1', 'reservado'],
    ['64:ff9b::7f00:1', 'reservado'],
    ['::7f00:1', 'reservado'],
    ['::a9fe:a9fe', 'reservado'],
    ['fec0::1', 'reservado'],
    ['4000::1', 'reservado'],
  ])('refuses %s (%s)', (address, range) => {
    expect(refusalOf([], address)).toMatch(
      new RegExp(
        `^Endereço bloqueado pela proteção de rede: .* \\(${range}\\)\\. Para liberar, inclua a rede em PONTE_HTTP_ALLOWED_NETWORKS\\.$`,
      ),
    );
  });

  it('judges an IPv4-mapped IPv6 address as the IPv4 it carries', () => {
    expect(refusalOf([], '::ffff:127.0.0.1')).toContain('127.0.0.1 (loopback)');
    expect(refusalOf([], '::ffff:a9fe:a9fe')).toContain('169.254.169.254 (link-local)');
    expect(refusalOf(['127.0.0.0/8'], '::ffff:127.0.0.1')).toBeNull();
  });

  it('lets public addresses through', () => {
    for (const address of ['8.8.8.8', '200.160.2.3', '2001:4860:4860::8888'])
      expect(refusalOf([], address), address).toBeNull();
  });

  it('opens exactly the allowed networks', () => {
    const allowed = ['10.20.0.0/16', '192.168.1.10', 'fd00::/8'];
    expect(refusalOf(allowed, '10.20.30.40')).toBeNull();
    expect(refusalOf(allowed, '10.21.0.1')).toContain('rede privada');
    expect(refusalOf(allowed, '192.168.1.10')).toBeNull();
    expect(refusalOf(allowed, '192.168.1.11')).toContain('rede privada');
    expect(refusalOf(allowed, 'fd00::5')).toBeNull();
    expect(refusalOf(allowed, '127.0.0.1')).toContain('loopback');
  });

  it('reads the setting and names a bad entry', () => {
    expect(parseAllowedNetworks(' 10.0.0.0/8 , ,fd00::/8 ')).toEqual(['10.0.0.0/8', 'fd00::/8']);
    expect(parseAllowedNetworks('')).toEqual([]);
    for (const bad of ['intranet', '10.0.0.0/33', '0x7f.1/8', '10.0.0.0/8/1', '::1/129'])
      expect(() => parseAllowedNetworks(bad), bad).toThrow(`"${bad}" não é uma rede CIDR`);
  });
});
