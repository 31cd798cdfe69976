/**
 * Every TanStack Query key of the client, in one place: a write invalidates exactly what a read
 * cached, and two features that read the same server state share one cache entry.
 */
export const queryKeys = {
  session: ['session'],
  account: ['account'],
  usage: ['usage'],
  billing: ['billing'],
  paymentProviders: ['billing', 'providers'],
  team: ['team'],
  tokens: ['tokens'],
  datasets: ['datasets'],
  portfolios: ['portfolios'],
  exchanges: ['market', 'exchanges'],
  stocksOf: (exchange: string) => ['market', 'stocks', exchange],
  candles: (...selection: readonly (string | number)[]) => ['candles', ...selection],
  backtests: {
    list: ['backtests', 'list'],
    byId: (id: string) => ['backtests', id],
    share: (id: string) => ['backtests', id, 'share'],
    compare: (ids: readonly string[]) => ['backtests', 'compare', ...ids],
  },
  sharedBacktest: (token: string) => ['shared-backtests', token],
  openApiDocument: ['openapi-document'],
  job: (jobId: string) => ['jobs', jobId],
  /** The signed-in user's jobs in flight: one entry per user, so another sign-in never sees them. */
  activeJobs: {
    all: ['active-jobs'],
    of: (userId: string) => ['active-jobs', userId],
  },
  admin: {
    users: (query: string, page: number) => ['admin', 'users', query, page],
    messages: ['admin', 'messages'],
    subscriptions: ['admin', 'subscriptions'],
  },
} as const;
