import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';

/** Asks for a password on the terminal without echoing it; reads a line when piped. */
export function readPassword(prompt: string): Promise<string> {
  process.stderr.write(prompt);
  let muted = true;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const lines = createInterface({ input: process.stdin, output, terminal: process.stdin.isTTY });
  return new Promise((resolve) => {
    lines.question('', (answer) => {
      muted = false;
      lines.close();
      process.stderr.write('\n');
      resolve(answer);
    });
  });
}
