/**
 * The EMV QRCPS-MPM data objects a BR Code is made of (EMV "QR Code Specification for Payment
 * Systems: Merchant-Presented Mode" §4.1, as the Banco Central's "Manual do BR Code" adopts
 * it): an ID of 2 digits, a length of 2 digits, then that many characters.
 */

/** One data object read from a payload; `position` is where its ID starts. */
export interface EmvField {
  id: string;
  value: string;
  position: number;
}

/** A data object as written: ID, length in 2 digits, value (at most 99 characters). */
export function tlv(id: string, value: string): string {
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/**
 * The data objects of `text` in order, or a pt-BR problem naming where the walk stopped:
 * an ID or length that is not 2 digits, or a length that goes beyond the end.
 * `offset` is added to the positions told (a template's own objects sit inside the payload).
 */
export function readFields(text: string, offset = 0): EmvField[] | string {
  const fields: EmvField[] = [];
  let at = 0;
  while (at < text.length) {
    const head = text.slice(at, at + 4);
    if (!/^\d{4}$/.test(head)) {
      return `na posição ${offset + at + 1} era esperado um campo (2 dígitos de identificador e 2 de tamanho), mas há "${head}".`;
    }
    const id = head.slice(0, 2);
    const length = Number(head.slice(2));
    const rest = text.length - at - 4;
    if (length > rest) {
      return `o campo ${id} (posição ${offset + at + 1}) diz ter ${length} caracteres, mas só restam ${rest}.`;
    }
    fields.push({ id, value: text.slice(at + 4, at + 4 + length), position: offset + at });
    at += 4 + length;
  }
  return fields;
}
