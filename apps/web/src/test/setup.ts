import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { loadingStore } from '../lib/loading/loading-store';
import { resetToasts } from '../lib/toasts';
import { fixedMediaQuery } from './media-query';

// findBy… and waitFor wait for what the page does next, not for a deadline: a lazy module's first
// load (Vite transforms it) takes seconds on a loaded two-core machine.
configure({ asyncUtilTimeout: 15_000 });

// Mantine reads these browser APIs; jsdom does not have them.
if (!window.matchMedia) {
  window.matchMedia = (query: string) => fixedMediaQuery(query, false);
}
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
}
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}
window.HTMLElement.prototype.scrollIntoView = function scrollIntoView() {};

afterEach(() => {
  cleanup();
  resetToasts();
  loadingStore.reset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  window.localStorage.clear();
});
