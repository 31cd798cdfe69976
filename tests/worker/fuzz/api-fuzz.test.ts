/**
 * Fuzzing the whole API in workerd with real D1, KV and R2: thousands of generated requests
 * on every route and method, signed out, as a basic user and as an admin, with mutated bodies
 * (wrong types, huge strings, deep nesting, unicode, missing and extra fields, impossible
 * dates), wrong content types and oversized bodies. Whatever comes in: no 5xx, every error in
 * the one JSON shape, and stored rows and files change only by what 2xx answers created.
 */
import { env } from 'cloudflare:test';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../test-client';
import { backtestRequest, percentStopLoss, rsiBelow } from '../../fixtures/requests';

/** Requests per run (about 25 s on a shared 2-core machine); the summary line reports them. */
const RUNS = 3000;
/** The same requests every run; FUZZ_SEED (tests/worker/vitest.config.ts) replays another. */
const DEFAULT_SEED = 20_261_126;
const SEED = env.FUZZ_SEED.trim() === '' ? DEFAULT_SEED : Number(env.FUZZ_SEED);
const PASSWORD = 'correct horse battery';

type Persona = 'signed-out' | 'basic' | 'admin';
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface Route {
  method: string;
  /** Path with `:id` where an identifier goes. */
  path: string;
  /** A valid body (JSON routes), or a valid query (GET routes with a query). */
  body?: Record<string, Json>;
  query?: Record<string, string>;
  /** What a 2xx answer of this route adds to the stored rows and files. */
  creates?: Partial<Counts>;
}

interface Counts {
  users: number;
  backtests: number;
  datasets: number;
  contact: number;
  subscriptions: number;
  files: number;
}

/** Two weeks of AAPL's daily bars, RSI below 70 and a 5% stop, as the JSON text sends it (no exit key). */
const VALID_BACKTEST = JSON.parse(
  JSON.stringify(
    backtestRequest({
      toDate: '2023-09-15',
      timeframe: '1 day',
      entry: rsiBelow('70'),
      exit: undefined,
      exitCriteria: percentStopLoss('5'),
    }),
  ),
) as Record<string, Json>;

const VALID_CSV = [
  'Date,Open,High,Low,Close,Volume',
  '2024-01-02,10,11,9,10.5,1000',
  '2024-01-03,10.5,12,10,11.5,1100',
  '2024-01-04,11.5,12.5,11,12,900',
].join('\n');

const ROUTES: Route[] = [
  { method: 'GET', path: '/api/health' },
  { method: 'GET', path: '/api/auth/session' },
  { method: 'GET', path: '/api/auth/me' },
  { method: 'GET', path: '/api/auth/google' },
  { method: 'GET', path: '/api/auth/google/callback', query: { code: 'abc', state: 'xyz' } },
  {
    method: 'POST',
    path: '/api/auth/register',
    body: { email: 'fuzz@example.com', password: PASSWORD, displayName: 'Fuzz' },
    creates: { users: 1 },
  },
  { method: 'POST', path: '/api/auth/login', body: { email: 'fuzz-basic@example.com', password: PASSWORD } },
  { method: 'POST', path: '/api/auth/logout' },
  { method: 'POST', path: '/api/auth/logout-everywhere' },
  { method: 'GET', path: '/api/admin/users', query: { query: 'fuzz', page: '1' } },
  { method: 'PATCH', path: '/api/admin/users/:id', body: { role: 'basic', plan: 'pro' } },
  { method: 'GET', path: '/api/admin/messages' },
  { method: 'GET', path: '/api/admin/subscriptions' },
  {
    method: 'POST',
    path: '/api/subscriptions',
    body: { plan: 'pro', billingPeriod: 'annual', currency: 'INR' },
    creates: { subscriptions: 1 },
  },
  {
    method: 'POST',
    path: '/api/contact',
    body: {
      name: 'Fuzz',
      email: 'fuzz@example.com',
      subject: 'general',
      message: 'Hello',
      source: 'contact',
    },
    creates: { contact: 1 },
  },
  { method: 'GET', path: '/api/market/exchanges' },
  { method: 'GET', path: '/api/market/exchanges/:id/symbols' },
  {
    method: 'GET',
    path: '/api/market/candles',
    query: {
      exchange: 'US',
      symbol: 'AAPL',
      timeframe: '1d',
      from: '2023-09-01',
      to: '2023-09-08',
      warmup: '5',
    },
  },
  { method: 'GET', path: '/api/datasets' },
  { method: 'POST', path: '/api/datasets', creates: { datasets: 1, files: 1 } },
  { method: 'DELETE', path: '/api/datasets/:id', creates: { datasets: -1, files: -1 } },
  { method: 'GET', path: '/api/backtests' },
  { method: 'POST', path: '/api/backtests', body: VALID_BACKTEST, creates: { backtests: 1 } },
  { method: 'GET', path: '/api/backtests/:id' },
  // A deleted run stays in the quota: its row is kept.
  { method: 'DELETE', path: '/api/backtests/:id' },
];

const IMPOSSIBLE_DATES = ['2023-13-01', '0000-00-00', '2023-01-00', '9999-99-99', '2023-02-30', '1969-12-31'];
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '__proto__',
  '😀'.repeat(40),
  '\u202e\u0301\uFEFF',
  ...IMPOSSIBLE_DATES,
];

/**
 * Deep nesting, as a marker that the body's text replaces with that many nested arrays (a
 * nested value itself would overflow the stack of fast-check's reporting in workerd).
 */
const deepNesting = fc.integer({ min: 10, max: 3000 }).map((depth): Json => ({ $deep: depth }));
const expandDeepNesting = (text: string) =>
  text.replace(
    /\{"\$deep":(\d+)\}/g,
    (_, depth: string) => '['.repeat(Number(depth)) + ']'.repeat(Number(depth)),
  );

/** Values that do not belong anywhere: wrong types, huge and odd strings, deep nesting. */
const nastyValue: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer().map((n): Json => n),
  fc.double().map((n): Json => (Number.isFinite(n) ? n : null)),
  fc.boolean(),
  fc.constant(null),
  fc.constant('x'.repeat(20_000)),
  deepNesting,
  fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>,
);

/** Every path of keys inside a JSON value (objects and arrays), for mutations to aim at. */
function keyPaths(value: Json, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object' || '$deep' in value) return [];
  const entries: [string | number, Json][] = Array.isArray(value)
    ? value.map((item, i) => [i, item])
    : Object.entries(value);
  return entries.flatMap(([key, item]) => [[...prefix, key], ...keyPaths(item, [...prefix, key])]);
}

interface Mutation {
  kind: 'set' | 'delete' | 'extra';
  at: number;
  value: Json;
  extraKey: string;
}

function mutate(original: Record<string, Json>, mutations: Mutation[]): Json {
  const copy = structuredClone(original) as Record<string, Json>;
  for (const mutation of mutations) {
    const paths = keyPaths(copy);
    if (mutation.kind === 'extra' || paths.length === 0) {
      copy[mutation.extraKey] = mutation.value;
      continue;
    }
    const path = paths[mutation.at % paths.length]!;
    let parent = copy as Json;
    for (const key of path.slice(0, -1)) parent = (parent as Record<string | number, Json>)[key]!;
    const last = path[path.length - 1]!;
    if (parent === null || typeof parent !== 'object') continue;
    if (mutation.kind === 'delete') {
      if (Array.isArray(parent)) parent.splice(Number(last), 1);
      else delete parent[last];
    } else (parent as Record<string | number, Json>)[last] = mutation.value;
  }
  return copy;
}

const someMutations = fc.array(
  fc.record({
    kind: fc.constantFrom<Mutation['kind']>('set', 'set', 'delete', 'extra'),
    at: fc.nat(),
    value: nastyValue,
    extraKey: fc.oneof(
      fc.constantFrom('__proto__', 'constructor', 'role', 'admin'),
      fc.string({ maxLength: 12 }),
    ),
  }),
  { minLength: 1, maxLength: 3 },
);
/** A third of the bodies stay valid, so the stores get written and the 2xx paths run too. */
const mutations = fc.oneof(fc.constant<Mutation[]>([]), someMutations, someMutations);

type BodyPlan =
  | { kind: 'none' }
  | { kind: 'json'; mutations: Mutation[]; contentType: string }
  | { kind: 'raw'; text: string; contentType: string }
  | { kind: 'oversized'; bytes: number; contentType: string }
  | { kind: 'csv'; valid: boolean; garbage: string; multipart: boolean };

const contentType = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'text/csv',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=nothing',
  'application/xml',
  '',
);

const bodyPlan: fc.Arbitrary<BodyPlan> = fc.oneof(
  { weight: 1, arbitrary: fc.constant<BodyPlan>({ kind: 'none' }) },
  {
    weight: 6,
    arbitrary: fc.record({ kind: fc.constant('json' as const), mutations, contentType }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('raw' as const),
      text: fc.oneof(
        fc.string({ unit: 'binary', maxLength: 200 }),
        fc.constantFrom('{', '[1,2', '{"a":}', 'null', '"text"', '1e999', '{"email":"a@b.c"}{}'),
      ),
      contentType,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('oversized' as const),
      bytes: fc.constantFrom(9 * 1024, 40 * 1024, 70 * 1024, 300 * 1024),
      contentType,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('csv' as const),
      valid: fc.boolean(),
      garbage: fc.string({ unit: 'binary', maxLength: 300 }),
      multipart: fc.boolean(),
    }),
  },
);

const idValue = fc.oneof(
  fc.constant('known'),
  fc.uuid(),
  fc.constantFrom('', '..', '%00', 'a'.repeat(300), "1' OR '1'='1"),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);

const generated = fc.record({
  route: fc.constantFrom(...ROUTES),
  method: fc.oneof(
    { weight: 8, arbitrary: fc.constant(null) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND'),
    },
  ),
  persona: fc.constantFrom<Persona>('signed-out', 'basic', 'admin', 'admin'),
  origin: fc.constantFrom('same', 'same', 'same', 'same', 'opaque', 'foreign'),
  id: idValue,
  query: fc.dictionary(
    fc.constantFrom(
      'exchange',
      'symbol',
      'timeframe',
      'from',
      'to',
      'warmup',
      'query',
      'page',
      'code',
      'state',
      'x',
    ),
    fc.oneof(fc.constantFrom(...NASTY_STRINGS), fc.string({ unit: 'grapheme', maxLength: 30 })),
    { maxKeys: 3 },
  ),
  body: bodyPlan,
  unique: fc.nat(),
});

type Generated = typeof generated extends fc.Arbitrary<infer T> ? T : never;

const personas = new Map<Persona, TestBrowser>();
const createdIds = { datasets: [] as string[], backtests: [] as string[] };

/** Registers the persona (the admin made one in D1), or logs it in again once it exists. */
async function signIn(persona: 'basic' | 'admin') {
  const email = `fuzz-${persona}@example.com`;
  const browser = new TestBrowser('192.0.2.10');
  if (personas.has(persona)) expect((await browser.login(email)).status).toBe(200);
  else if (persona === 'admin') await browser.signInAsAdmin(email);
  else expect((await browser.register(email)).status).toBe(201);
  personas.set(persona, browser);
}

async function counts(): Promise<Counts> {
  const row = await env.DB.prepare(
    `SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM backtests) AS backtests,
            (SELECT count(*) FROM datasets) AS datasets, (SELECT count(*) FROM contact_messages) AS contact,
            (SELECT count(*) FROM subscription_requests) AS subscriptions`,
  ).first<Omit<Counts, 'files'>>();
  const files = (await env.DATASETS.list({ limit: 1000 })).objects.length;
  return { ...row!, files };
}

/** The identifier a "known" id stands for: something that exists for the route. */
function knownId(route: Route, unique: number): string {
  const pick = (ids: string[]) => ids[unique % Math.max(1, ids.length)] ?? 'none-yet';
  if (route.path.startsWith('/api/datasets')) return pick(createdIds.datasets);
  if (route.path.startsWith('/api/backtests')) return pick(createdIds.backtests);
  // Admin changes aim at the basic user, never the admin, who must stay one.
  if (route.path.startsWith('/api/admin')) return basicUserId;
  return 'US';
}

function pathOf(input: Generated): string {
  const id = input.id === 'known' ? knownId(input.route, input.unique) : input.id;
  let path = input.route.path.replace(':id', encodeURIComponent(id));
  const query = { ...(input.route.query ?? {}), ...input.query };
  if (Object.keys(query).length > 0) path += `?${new URLSearchParams(query).toString()}`;
  return path;
}

function bodyOf(input: Generated): { body?: BodyInit; contentType?: string } {
  const { body: plan, route } = input;
  switch (plan.kind) {
    case 'none':
      return {};
    case 'json': {
      const template = route.body
        ? {
            ...route.body,
            ...(route.path === '/api/auth/register'
              ? { email: `fuzz-${input.unique}-${crypto.randomUUID().slice(0, 6)}@example.com` }
              : {}),
          }
        : {};
      return {
        body: expandDeepNesting(JSON.stringify(mutate(template, plan.mutations))),
        contentType: plan.contentType,
      };
    }
    case 'raw':
      return { body: plan.text, contentType: plan.contentType };
    case 'oversized':
      return { body: JSON.stringify({ padding: 'x'.repeat(plan.bytes) }), contentType: plan.contentType };
    case 'csv': {
      const text = plan.valid ? VALID_CSV : plan.garbage;
      if (!plan.multipart) return { body: text, contentType: 'text/csv' };
      const form = new FormData();
      form.append('file', new File([text], 'data.csv', { type: 'text/csv' }));
      return { body: form };
    }
  }
}

function expectErrorShape(status: number, contentType: string | null, text: string, label: string) {
  expect(contentType, label).toMatch(/^application\/json/);
  const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown; fields?: unknown } };
  expect(Object.keys(body), label).toEqual(['error']);
  const { code, message, fields } = body.error!;
  expect(typeof code === 'string' && code.length > 0, `${label}: code`).toBe(true);
  expect(typeof message === 'string' && message.length > 0, `${label}: message`).toBe(true);
  expect(
    Object.keys(body.error!).every((key) => ['code', 'message', 'fields'].includes(key)),
    label,
  ).toBe(true);
  if (fields !== undefined) {
    expect(Array.isArray(fields), label).toBe(true);
    for (const field of fields as { path: unknown; message: unknown }[]) {
      expect(typeof field.path === 'string' && typeof field.message === 'string', label).toBe(true);
    }
  }
  expect(status, label).toBeLessThan(500);
}

let basicUserId = '';

beforeAll(async () => {
  await signIn('basic');
  await signIn('admin');
  const basic = await env.DB.prepare("SELECT id FROM users WHERE email = 'fuzz-basic@example.com'").first<{
    id: string;
  }>();
  basicUserId = basic!.id;
});

describe('the API under generated requests', () => {
  it(
    'answers no 5xx, every error in the one JSON shape, and changes stored data only by its 2xx answers',
    async () => {
      const histogram = new Map<number, number>();
      let requests = 0;
      const expected = await counts();
      expect(Number.isSafeInteger(SEED), `FUZZ_SEED must be an integer, not "${env.FUZZ_SEED}"`).toBe(true);
      console.log(`API fuzz: seed ${SEED} (FUZZ_SEED=${SEED} replays this run)`);

      await fc.assert(
        fc.asyncProperty(generated, async (input) => {
          const method = input.method ?? input.route.method;
          const pathTemplate = input.route.path;
          const path = pathOf(input);
          const { body, contentType } = bodyOf(input);
          const persona = input.persona === 'signed-out' ? null : personas.get(input.persona)!;
          // A copy of the persona's cookies: what this request sets does not change the persona.
          const browser = new TestBrowser(`198.18.${input.unique % 250}.${(input.unique >> 8) % 250}`);
          for (const [name, value] of persona?.cookies ?? []) browser.cookies.set(name, value);
          const headers = new Headers();
          if (contentType) headers.set('content-type', contentType);
          if (input.origin === 'foreign') headers.set('origin', 'https://evil.example');
          if (input.origin === 'opaque') headers.set('origin', 'null');
          const withBody = !['GET', 'HEAD'].includes(method) && body !== undefined;

          const res = await browser.request(path, { method, headers, body: withBody ? body : undefined });
          const text = await res.text();
          requests++;
          histogram.set(res.status, (histogram.get(res.status) ?? 0) + 1);
          const label = `${method} ${path} as ${input.persona} -> ${res.status}: ${text.slice(0, 200)}`;

          if (res.status >= 400 && method === 'HEAD') expect(res.status, label).toBeLessThan(500);
          else if (res.status >= 400)
            expectErrorShape(res.status, res.headers.get('content-type'), text, label);
          else expect(res.status, label).toBeLessThan(400);

          // The route that answered: the generated method may be another route's on this path.
          const answered = ROUTES.find((route) => route.method === method && route.path === pathTemplate);
          const ok = res.status >= 200 && res.status < 300 && answered !== undefined;
          if (ok && answered.creates) {
            for (const [key, delta] of Object.entries(answered.creates))
              expected[key as keyof Counts] += delta;
          }
          if (ok && res.status === 201 && method === 'POST') {
            const created = JSON.parse(text) as { id?: string; dataset?: { id: string } };
            if (pathTemplate === '/api/datasets' && created.dataset)
              createdIds.datasets.push(created.dataset.id);
            if (pathTemplate === '/api/backtests' && created.id) createdIds.backtests.push(created.id);
          }
          expect(await counts(), label).toEqual(expected);

          // Requests that end sessions or change a user: sign the personas in again.
          if (
            ok &&
            ['/api/auth/logout', '/api/auth/logout-everywhere', '/api/admin/users/:id'].includes(pathTemplate)
          ) {
            await signIn('basic');
            await signIn('admin');
          }
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );

      const statuses = [...histogram].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
      console.log(`API fuzz: ${requests} requests; statuses {${statuses.join(', ')}}`);
      expect(requests).toBeGreaterThanOrEqual(RUNS);
      // The generator reaches the stores and the errors alike.
      for (const status of [200, 201, 400, 401, 403, 404, 405, 413])
        expect(histogram.get(status), String(status)).toBeGreaterThan(0);
    },
    10 * 60 * 1000,
  );
});
