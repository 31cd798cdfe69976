/**
 * The "Use the API" guide's examples: each is run as written against the local app by
 * tests/e2e/api-guide.test.ts, with BACKTEST_STUDIO_URL and BACKTEST_STUDIO_TOKEN set.
 */
import { TOKEN_ENV_VARIABLE } from '../../../../shared/api-tokens';

/** The variable the examples read the server's address from. */
export const SERVER_ENV_VARIABLE = 'BACKTEST_STUDIO_URL';

export interface ApiExample {
  id: string;
  title: string;
  text: string;
  language: 'shell' | 'python';
  code: string;
  /** A word the example prints when it worked (the test checks it). */
  prints: string;
}

const RUN_JSON = `{
  "exchange": "US", "stock": "AAPL", "timeframe": "1 hour",
  "fromDate": "2023-09-05", "toDate": "2023-09-15", "transactionType": "buy",
  "entry": {"parameters": [{"indicator1": "SMA", "logic": "Crosses Above", "indicator2": "SMA",
    "additionalFields1": {"Timeframe": "10"}, "additionalFields2": {"Timeframe": "20"}}]},
  "exitCriteria": {"stopLoss": {"type": "percentage", "value": 2}}
}`;

export const API_EXAMPLES: readonly ApiExample[] = [
  {
    id: 'curl-me',
    title: 'Check the token (curl)',
    text: 'Every request carries the token as a Bearer token. This one answers who the token belongs to.',
    language: 'shell',
    code: `curl -sS -H "Authorization: Bearer $${TOKEN_ENV_VARIABLE}" "$${SERVER_ENV_VARIABLE}/api/auth/me"`,
    prints: '"email"',
  },
  {
    id: 'curl-backtest',
    title: 'Run a backtest and export it as Pine Script (curl)',
    text: 'A run takes the builder’s request as JSON (a token with the run scope) and counts toward your month’s backtests. Its id opens the stored run and its exports.',
    language: 'shell',
    code: `id=$(curl -sS -X POST "$${SERVER_ENV_VARIABLE}/api/backtests" \\
  -H "Authorization: Bearer $${TOKEN_ENV_VARIABLE}" -H "Content-Type: application/json" \\
  -d '${RUN_JSON.replace(/\n\s*/g, ' ')}' | python3 -c 'import json, sys; print(json.load(sys.stdin)["id"])')
curl -sS -H "Authorization: Bearer $${TOKEN_ENV_VARIABLE}" "$${SERVER_ENV_VARIABLE}/api/backtests/$id/export?format=pine"`,
    prints: '//@version=6',
  },
  {
    id: 'python-backtest',
    title: 'Run a backtest and read its trades (Python, requests)',
    text: 'The same run from Python with requests; an error answers one JSON shape, {"error": {"code", "message", "fields"?}}.',
    language: 'python',
    code: `import os
import requests

base = os.environ["${SERVER_ENV_VARIABLE}"]
session = requests.Session()
session.headers["Authorization"] = "Bearer " + os.environ["${TOKEN_ENV_VARIABLE}"]

request = ${RUN_JSON.replace(/\n/g, '\n')}
answer = session.post(f"{base}/api/backtests", json=request, timeout=60)
if not answer.ok:
    raise SystemExit(answer.json()["error"]["message"])
run = answer.json()
metrics = run["result"]["metrics"]
print(run["id"], "totalReturnPct", metrics["totalReturnPct"], "trades", len(run["result"]["trades"]))
usage = session.get(f"{base}/api/usage", timeout=30).json()
print("used", usage["used"], "of", usage["limit"])`,
    prints: 'totalReturnPct',
  },
  {
    id: 'python-robustness',
    title: 'Start a robustness analysis and wait for it (Python, requests)',
    text: 'An analysis is a job: start it on a stored run, then ask for its progress until it is done. A 429 answer says how many seconds to wait in Retry-After.',
    language: 'python',
    code: `import os
import time
import requests

base = os.environ["${SERVER_ENV_VARIABLE}"]
session = requests.Session()
session.headers["Authorization"] = "Bearer " + os.environ["${TOKEN_ENV_VARIABLE}"]

run_id = session.get(f"{base}/api/backtests", timeout=30).json()["backtests"][0]["id"]
grid = {"exitCriteria.stopLoss.value": [1, 2, 3]}
job_id = session.post(f"{base}/api/backtests/{run_id}/robustness", json={"grid": grid}, timeout=60).json()["jobId"]
for _ in range(120):
    job = session.get(f"{base}/api/jobs/{job_id}", timeout=30).json()
    if job["state"] in ("done", "failed", "cancelled"):
        break
    time.sleep(1)
print(job["state"], "pbo", (job.get("result") or {}).get("pbo"))`,
    prints: 'done',
  },
];
