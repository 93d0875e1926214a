import { onTestFinished, vi } from 'vitest';

/** Catches files saved through a temporary link: their names and contents. */
export function catchDownloads() {
  const blobs: Blob[] = [];
  const names: string[] = [];
  const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      blobs.push(blob);
      return 'blob:arquivo';
    },
    revokeObjectURL: () => {},
  });
  onTestFinished(() => void Object.assign(URL, original));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    names.push(this.download);
  });
  return { names, blobs };
}
