import { loadOnce } from '@ponte/shared/load-once';
import type { NodeRunContext } from '../../kit/context';
import type { StorageFileRef } from '../../ports';
import { storagePathParam } from '../../nodes/actions/storage/storage-params';

export type QrImageFormat = 'png' | 'svg';

/**
 * How the QR is drawn: error correction M (15 %, what payment QR Codes commonly use), the quiet
 * zone of 4 modules the QR standard asks for, 400 px wide for a PNG a phone reads off a screen.
 */
const drawing = { errorCorrectionLevel: 'M', margin: 4 } as const;

/** qrcode (and its PNG encoder), loaded on the first QR image (docs/adr/0127). */
const loadQrcode = loadOnce(() => import('qrcode'));

/** The QR of a text as a PNG image. */
export async function qrPng(text: string): Promise<Uint8Array> {
  const { default: QRCode } = await loadQrcode();
  return new Uint8Array(await QRCode.toBuffer(text, { ...drawing, type: 'png', width: 400 }));
}

/** The QR of a text as SVG markup. */
export async function qrSvg(text: string): Promise<string> {
  const { default: QRCode } = await loadQrcode();
  return QRCode.toString(text, { ...drawing, type: 'svg' });
}

/** A PNG as a data URL a page can show in an <img>. */
export function pngDataUrl(png: Uint8Array): string {
  return `data:image/png;base64,${Buffer.from(png).toString('base64')}`;
}

/** What a QR image adds to the node's payload. */
export interface QrImageOutput {
  /** Always: the PNG as a data URL, for a following step (a form's answer page, an e-mail). */
  qr_png: string;
  /** The SVG markup, when SVG was asked. */
  qr_svg?: string;
  /** The file written into the workspace's storage, when a path was given. */
  arquivo?: StorageFileRef;
}

type StorageContext = Pick<NodeRunContext<unknown>, 'ports' | 'scope' | 'signal'>;

/**
 * Draws the QR of `text` and, when `path` is given, writes it into the workspace's storage as a
 * PNG or SVG file (an existing file at that path is replaced).
 */
export async function qrImage(
  text: string,
  format: QrImageFormat,
  path: unknown,
  ctx: StorageContext,
): Promise<QrImageOutput> {
  const png = await qrPng(text);
  const output: QrImageOutput = { qr_png: pngDataUrl(png) };
  const svg = format === 'svg' ? await qrSvg(text) : undefined;
  if (svg !== undefined) output.qr_svg = svg;
  const wanted = typeof path === 'string' ? path.trim() : path;
  if (wanted !== undefined && wanted !== null && wanted !== '') {
    const content = svg === undefined ? png : new TextEncoder().encode(svg);
    const mimetype = svg === undefined ? 'image/png' : 'image/svg+xml';
    output.arquivo = await ctx.ports.storage.write(
      ctx.scope,
      storagePathParam(wanted),
      content,
      { overwrite: true, mimetype },
      ctx.signal,
    );
  }
  return output;
}
