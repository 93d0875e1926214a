import URL from 'core-js-pure/actual/url/index.js';
import URLSearchParams from 'core-js-pure/actual/url-search-params/index.js';
import OpenAI from 'openai';

// The isolate has V8 only: the web classes the client needs come from core-js.
globalThis.URL ??= URL;
globalThis.URLSearchParams ??= URLSearchParams;

// The client reaches the network only through the sandbox's fetch (the host bridge).
class PonteOpenAI extends OpenAI {
  constructor(options = {}) {
    super({ ...options, fetch: options.fetch ?? globalThis.fetch });
  }
}
globalThis.OpenAI = PonteOpenAI;
