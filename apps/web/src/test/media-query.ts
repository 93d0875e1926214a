import { vi } from 'vitest';

/** A media query list that answers `matches` and never changes: jsdom has no media queries. */
export function fixedMediaQuery(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  } as MediaQueryList;
}

/** A screen whose media queries answer `matches(query)` (`min-width: 75em`: a wide one). */
export function stubScreen(matches: (query: string) => boolean): void {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fixedMediaQuery(query, matches(query)),
  );
}
