/**
 * How the public page tells the kinds of value a flow answers with (docs/adr/0116). Only what
 * is checked here becomes anything but text: an image is a PNG data URL whose bytes start with
 * the PNG signature, never SVG or HTML.
 */

const pngDataUrlShape = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/;
/** The 8 bytes every PNG starts with (PNG specification §5.2), in base64. */
const pngSignature = 'iVBORw0KGgo';

/** A PNG image as a data URL (`data:image/png;base64,…`), its signature checked. */
export function isPngDataUrl(value: string): boolean {
  const match = pngDataUrlShape.exec(value);
  return !!match && match[1]!.startsWith(pngSignature) && match[1]!.length % 4 === 0;
}

/**
 * A Pix BR Code ('copia e cola'): EMV payload format '000201', the Pix GUI, and the CRC field
 * at the end. Enough to offer 'Copiar'; the engine's 'Pix' node does the full check.
 */
export function isBrCode(value: string): boolean {
  return (
    value.startsWith('000201') &&
    /br\.gov\.bcb\.pix/i.test(value) &&
    /6304[0-9A-Fa-f]{4}$/.test(value)
  );
}

/** A field name as a label: 'qr_png' → 'Qr png', 'Pix copia e cola' as it is. */
export function fieldLabel(name: string): string {
  const text = name.replace(/[_-]+/g, ' ').trim();
  return text ? text[0]!.toUpperCase() + text.slice(1) : name;
}
