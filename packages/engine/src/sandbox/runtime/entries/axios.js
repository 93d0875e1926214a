import axios from 'axios';
// Every request goes through the host bridge (the sandbox has no network of its own).
axios.defaults.adapter = (config) => globalThis.__ponteAxiosAdapter(config);
globalThis.axios = axios;
