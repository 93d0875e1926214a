/**
 * CRC-16/CCITT-FALSE of a text's UTF-8 bytes, as 4 upper-case hex digits: polynomial 0x1021,
 * initial value 0xFFFF, no reflection, no final XOR. The BR Code's field 63 ("Manual do BR
 * Code", Banco Central do Brasil; EMV QRCPS-MPM §4.7.3) is this CRC over the whole payload up
 * to and including "6304".
 */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}
