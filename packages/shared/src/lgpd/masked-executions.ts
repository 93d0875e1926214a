/**
 * Executions of a flow whose personal data is stored masked (docs/adr/0122): their trigger
 * message and node data hold the masked values, so they are not run again.
 */
export const maskedRerunRefusal =
  'Esta execução não pode ser reexecutada: os dados pessoais dela foram guardados mascarados, e ela rodaria com os valores mascarados em vez dos reais.';
