import RE2 from 're2';

/** A compiled regular expression that can only test. */
export interface LinearRegex {
  test(text: string): boolean;
}

/**
 * Compiles a pattern with RE2, whose matching time grows linearly with the text: no pattern can
 * stall the server (no catastrophic backtracking). RE2 refuses what it cannot run in linear time
 * (lookarounds, backreferences); the error names why, in RE2's words.
 */
export function compileLinearRegex(source: string, flags: string): LinearRegex | { error: string } {
  try {
    const regex = new RE2(source, flags.replace(/[^imsu]/g, ''));
    return { test: (text) => regex.test(text) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}
