/** Version of the root package.json, defined by Vite at build time. */
declare const __PONTE_VERSION__: string;
