import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/** The text a QR decoder reads off a PNG (jsQR over the pixels pngjs decodes), for tests. */
export function decodeQrPng(png: Uint8Array): string | null {
  const image = PNG.sync.read(Buffer.from(png));
  const pixels = new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length);
  return jsQR(pixels, image.width, image.height)?.data ?? null;
}
