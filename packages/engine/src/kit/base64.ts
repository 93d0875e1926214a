const base64Pattern = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The bytes of a base64 text (white space ignored, as in e-mail bodies), or null when it is
 * not base64: every node that takes base64 content refuses it with its own pt-BR message.
 */
export function base64ToBytes(text: string): Uint8Array | null {
  const compact = text.replace(/\s+/g, '');
  if (compact.length % 4 === 1 || !base64Pattern.test(compact)) return null;
  return Uint8Array.from(Buffer.from(compact, 'base64'));
}
