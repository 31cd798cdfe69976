// npm run deploy runs this first: no deploy without APP_URL, the public origin of the site's
// mail links (given in the environment; vite.config.ts puts it into the deployed configuration).
import { appUrlProblems } from './deploy-config.mjs';

const problems = appUrlProblems(process.env.APP_URL);
if (problems.length > 0) {
  console.error(`Not deploying:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  process.exit(1);
}
