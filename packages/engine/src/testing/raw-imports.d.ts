/** A file's text, imported with `?raw` (Vite, in tests): a package's source read as data. */
declare module '*?raw' {
  const text: string;
  export default text;
}
