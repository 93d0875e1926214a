import { describe, expect, it } from 'vitest';
import { defaultDenyList, deniedHost } from './deny-list';

describe('sandbox network deny-list', () => {
  it('denies cloud metadata addresses by default, in every spelling', () => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://169.254.1.1:8080/',
      'http://[fd00:ec2::254]/',
      'http://[fd00:ec2:0:0:0:0:0:254]/',
      'http://metadata.google.internal/computeMetadata/v1/',
      'http://METADATA.GOOGLE.INTERNAL./',
      'http://100.100.100.200/',
      'http://[::ffff:169.254.169.254]/',
    ]) {
      expect(deniedHost(url, defaultDenyList), url).not.toBeNull();
    }
  });

  it('lets ordinary destinations through', () => {
    for (const url of [
      'https://api.openai.com/v1',
      'http://169.255.0.1/',
      'http://10.0.0.1/',
      'http://[::1]/',
      'https://google.internal.example.com/',
    ]) {
      expect(deniedHost(url, defaultDenyList), url).toBeNull();
    }
  });

  it('takes configured hostnames, subdomains, IPs and CIDRs', () => {
    const rules = ['intranet.local', '10.0.0.0/8', '2001:db8::/32'];
    expect(deniedHost('http://erp.intranet.local/', rules)).toBe('erp.intranet.local');
    expect(deniedHost('http://10.20.30.40/', rules)).toBe('10.20.30.40');
    expect(deniedHost('http://[2001:db8:1::5]/', rules)).toBe('2001:db8:1::5');
    expect(deniedHost('http://11.0.0.1/', rules)).toBeNull();
  });
});
