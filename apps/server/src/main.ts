import { runServer } from './server-main';

await runServer();
