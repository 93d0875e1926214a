/**
 * The example payloads the Banco Central publishes in the "Manual de Padrões para Iniciação do
 * Pix" (Regulamento do Pix, Instrução Normativa BCB; section "Exemplos" of the static, dynamic
 * and composite QR Codes), https://www.bcb.gov.br/content/estabilidadefinanceira/pix/Regulamento_Pix/II_ManualdePadroesparaIniciacaodoPix.pdf
 */
export const manualExamples = {
  /** Static, random key, no amount, TXID '***'. */
  static:
    '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000' +
    '5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D',
  /** Dynamic, single use, the PSP's location without its scheme. */
  dynamic:
    '00020101021226700014br.gov.bcb.pix2548pix.example.com/8b3da2f39a4140d1a91abd93113bd441' +
    '5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***630464E4',
  /** Composite (Pix Automático): a static payment with 100.50 and a recurrence in field 80. */
  composite:
    '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000' +
    '5204000053039865406100.505802BR5913Fulano de Tal6008BRASILIA62070503***' +
    '80740014br.gov.bcb.pix2552pix.example.com/rec/2353c790eefb11eaadc10242ac120002' +
    '63042875',
};
