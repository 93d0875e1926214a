/** Vite's `import.meta.glob` (in tests): the files of a folder read as data, by path. */
interface ImportMeta {
  glob<T = unknown>(
    pattern: string,
    options: { eager: true; query?: string; import?: string },
  ): Record<string, T>;
}
