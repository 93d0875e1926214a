/** Every line terminator JavaScript knows: a comment line must not hold one. */
const lineBreaks = /\r\n|[\n\r\u2028\u2029]/;

/** Text as `//` comment lines: nothing of it can end the comment and become code. */
export function commentLines(text: string): string[] {
  return text.split(lineBreaks).map((line) => `// ${line}`);
}

/** One line of text for inside a comment: its line breaks become spaces. */
export function commentText(text: string): string {
  return text.split(lineBreaks).join(' ');
}
