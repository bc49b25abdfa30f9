// `npm start` (and `npm run dev`): the settings first, then the server. A bad setting or a taken
// port stops here with one Spanish line (startup-checks.ts), before the rest of the server is
// even loaded and before the database is opened: no migration runs.
import { checkedConfig } from './startup-checks';

const config = await checkedConfig();
const { start } = await import('./start');
await start(config);
