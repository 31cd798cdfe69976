// wrangler with the offline environment: `node scripts/wrangler.mjs <args>`.
import { runOrExit } from './run.mjs';

await runOrExit('wrangler', process.argv.slice(2));
