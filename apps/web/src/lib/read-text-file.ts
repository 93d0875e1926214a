/**
 * A file's text through FileReader rather than `Blob.text()`: the same path in every browser
 * and in jsdom. Rejects with `failure` when the file cannot be read.
 */
export function readTextFile(file: Blob, failure: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error(failure));
    reader.readAsText(file);
  });
}
