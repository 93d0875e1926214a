/** The name a flow gets when the file's is empty. */
const fallbackName = 'Flow importado';

const key = (name: string) => name.trim().toLocaleLowerCase('pt-BR');

/**
 * The names of imported flows, apart from the workspace's and from each other: a taken name
 * gets ' (2)', ' (3)'…, shortened so that the suffix always fits in `maxLength`.
 */
export function withUniqueNames(wanted: string[], existing: string[], maxLength: number): string[] {
  const taken = new Set(existing.map(key));
  return wanted.map((raw) => {
    const name = raw.trim().slice(0, maxLength) || fallbackName;
    let candidate = name;
    for (let n = 2; taken.has(key(candidate)); n++) {
      const suffix = ` (${n})`;
      candidate = `${name.slice(0, maxLength - suffix.length).trimEnd()}${suffix}`;
    }
    taken.add(key(candidate));
    return candidate;
  });
}
