/**
 * The engine reaches the world only through ports that the server implements.
 * Each port is added together with the engine subsystem that needs it.
 */
export type EnginePorts = Record<string, never>;
