/** A refusal of a `ponte` command: its pt-BR message is printed as is, exit code 1. */
export class CliError extends Error {
  override name = 'CliError';
}
