/** One line of a comparison of two texts. */
export interface DiffLine {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** A run of unchanged lines left out of what is shown. */
export interface SkippedLines {
  kind: 'skipped';
  count: number;
}

/** The most cells (lines before × lines after) a comparison may cost. */
const maxCells = 2_000_000;

/** Whether a text reads better as lines than side by side: more than one line, or a long one. */
export const isLongText = (value: unknown): value is string =>
  typeof value === 'string' && (value.includes('\n') || value.length > 160);

/**
 * The lines of `after` against those of `before` (longest common subsequence), unchanged lines
 * included; null when the texts are too long to compare line by line.
 */
export function lineDiff(before: string, after: string): DiffLine[] | null {
  const a = before.split('\n');
  const b = after.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const rows = endA - start;
  const cols = endB - start;
  if (rows * cols > maxCells) return null;
  // lengths[i * (cols + 1) + j]: the common lines of a[start + i..] and b[start + j..].
  const lengths = new Uint32Array((rows + 1) * (cols + 1));
  const at = (i: number, j: number) => lengths[i * (cols + 1) + j] ?? 0;
  for (let i = rows - 1; i >= 0; i -= 1)
    for (let j = cols - 1; j >= 0; j -= 1)
      lengths[i * (cols + 1) + j] =
        a[start + i] === b[start + j] ? at(i + 1, j + 1) + 1 : Math.max(at(i + 1, j), at(i, j + 1));

  const same = (text: string): DiffLine => ({ kind: 'same', text });
  const lines: DiffLine[] = a.slice(0, start).map(same);
  let i = 0;
  let j = 0;
  while (i < rows || j < cols) {
    const lineA = a[start + i] ?? '';
    const lineB = b[start + j] ?? '';
    if (i < rows && j < cols && lineA === lineB) {
      lines.push(same(lineA));
      i += 1;
      j += 1;
    } else if (i < rows && (j >= cols || at(i + 1, j) >= at(i, j + 1))) {
      // On a tie the old line goes first: '-antes' above '+depois'.
      lines.push({ kind: 'removed', text: lineA });
      i += 1;
    } else {
      lines.push({ kind: 'added', text: lineB });
      j += 1;
    }
  }
  return [...lines, ...a.slice(endA).map(same)];
}

/** The changed lines with `context` unchanged lines around each; longer runs become a count. */
export function withContext(lines: DiffLine[], context = 2): (DiffLine | SkippedLines)[] {
  const near = lines.map((line, index) =>
    lines
      .slice(Math.max(0, index - context), index + context + 1)
      .some((other) => other.kind !== 'same'),
  );
  const shown: (DiffLine | SkippedLines)[] = [];
  lines.forEach((line, index) => {
    if (line.kind !== 'same' || near[index]) {
      shown.push(line);
      return;
    }
    const last = shown[shown.length - 1];
    if (last?.kind === 'skipped') last.count += 1;
    else shown.push({ kind: 'skipped', count: 1 });
  });
  return shown;
}
