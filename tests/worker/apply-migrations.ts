import { applyD1Migrations, env } from 'cloudflare:test';

// Setup files run before each test file, outside its isolated storage; applying is idempotent.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
