/** The last segment of a path, decoded (as typed when it is not valid percent-encoding). */
export function lastPathSegment(pathname: string): string {
  const last = pathname.split('/').filter(Boolean).pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
