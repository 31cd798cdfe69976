// npm run build: the SPA and the worker bundle into dist/.
import { runOrExit } from './run.mjs';

await runOrExit('vite', ['build', ...process.argv.slice(2)]);
