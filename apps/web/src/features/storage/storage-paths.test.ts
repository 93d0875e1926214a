import { describe, expect, it } from 'vitest';
import { formatStorageSize } from '@ponte/shared/storage.schema';
import { crumbsOf } from './storage-breadcrumbs';
import { uploadTarget } from './storage-item-modal';
import { pathFromUrl } from './use-storage-params';

describe('storage paths on the screen', () => {
  it('builds the breadcrumb from HOME, one crumb per folder', () => {
    expect(crumbsOf('/')).toEqual([{ label: 'HOME', path: '/' }]);
    expect(crumbsOf('/relatorios/2026/nov')).toEqual([
      { label: 'HOME', path: '/' },
      { label: 'relatorios', path: '/relatorios' },
      { label: '2026', path: '/relatorios/2026' },
      { label: 'nov', path: '/relatorios/2026/nov' },
    ]);
  });

  it('reads the folder from the URL, normalised, and falls back to HOME for a refused path', () => {
    expect(pathFromUrl(null)).toBe('/');
    expect(pathFromUrl('relatorios//2026/')).toBe('/relatorios/2026');
    expect(pathFromUrl('/a/../b')).toBe('/');
    expect(pathFromUrl('C:\\Windows')).toBe('/');
  });

  it('sends an upload into the folder, or to the name typed relative to it', () => {
    expect(uploadTarget('/', '')).toBe('/');
    expect(uploadTarget('/relatorios', '  ')).toBe('/relatorios/');
    expect(uploadTarget('/relatorios', 'nov.pdf')).toBe('/relatorios/nov.pdf');
    expect(uploadTarget('/relatorios', '2026/nov.pdf')).toBe('/relatorios/2026/nov.pdf');
    expect(uploadTarget('/relatorios', '2026/')).toBe('/relatorios/2026/');
    expect(() => uploadTarget('/relatorios', '../x')).toThrow(
      'O caminho não pode ter os nomes "." nem "..".',
    );
  });

  it('shows sizes in B, KB, MB and GB with a pt-BR comma', () => {
    expect(formatStorageSize(0)).toBe('0 B');
    expect(formatStorageSize(512)).toBe('512 B');
    expect(formatStorageSize(1536)).toBe('1,5 KB');
    expect(formatStorageSize(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatStorageSize(1.25 * 1024 ** 3)).toBe('1,25 GB');
  });
});
