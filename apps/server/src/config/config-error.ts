/** A configuration problem a person must fix; the message (pt-BR) is printed as is. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
