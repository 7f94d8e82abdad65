/*
 * Environment variables: validated and typed once at boot. Every variable has a default
 * suited to `npm start` on a fresh clone; production sets its own (see README.md).
 */
import { Env } from '@adonisjs/core/env'

/* The HTTP server reads these directly: give them the documented defaults first. */
/* Timestamps are handled in UTC everywhere; Riyadh time is computed explicitly (common/rules). */
process.env.TZ = 'UTC'
process.env.PORT ||= '3000'
process.env.HOST ||= '127.0.0.1'
/* Outside production, Firebase means its local emulator unless told otherwise. */
if (process.env.NODE_ENV !== 'production')
  process.env.FIREBASE_AUTH_EMULATOR_HOST ||= '127.0.0.1:9099'

export default await Env.create(new URL('../', import.meta.url), {
  NODE_ENV: Env.schema.enum.optional(['development', 'production', 'test'] as const),
  PORT: Env.schema.number.optional(),
  HOST: Env.schema.string.optional({ format: 'host' }),
  APP_KEY: Env.schema.secret.optional(),
  /* Encrypts ID documents at rest (services/document_crypto.ts); required in production. The
     previous keys (comma-separated) still decrypt the files they wrapped, after a rotation. */
  DOCUMENT_KEY: Env.schema.secret.optional(),
  DOCUMENT_PREVIOUS_KEYS: Env.schema.secret.optional(),
  /* Days an ID document is kept once it is no longer needed (services/id_documents_at_rest.ts). */
  DOCUMENT_RETENTION_DAYS: Env.schema.number.optional(),
  APP_URL: Env.schema.string.optional({ format: 'url', tld: false }),
  LOG_LEVEL: Env.schema.enum.optional([
    'fatal',
    'error',
    'warn',
    'info',
    'debug',
    'trace',
    'silent',
  ] as const),

  /* Database: the embedded SQLite file by default, PostgreSQL in production. */
  DB_CONNECTION: Env.schema.enum.optional(['sqlite', 'pg'] as const),
  SQLITE_FILE: Env.schema.string.optional(),
  DATABASE_URL: Env.schema.string.optional(),
  /* A file to append every executed SQL statement to, one JSON line each (off by default;
     the benchmark replays the API's own SQL from it). See start/sql_trace.ts. */
  SAKAN_SQL_TRACE: Env.schema.string.optional(),

  /* PostgreSQL: connections per process (10) and the longest a statement may run (ms, 30000). */
  DB_POOL_MAX: Env.schema.number.optional(),
  DB_STATEMENT_TIMEOUT_MS: Env.schema.number.optional(),
  DB_CONNECT_TIMEOUT_MS: Env.schema.number.optional(),

  /* Where uploaded and published files live: the local disk (fs, the default) or S3. */
  DRIVE_DISK: Env.schema.enum.optional(['fs', 's3'] as const),
  /* Folder (relative to api/) holding them on the local disk. */
  STORAGE_DIR: Env.schema.string.optional(),
  /* S3-compatible storage (DRIVE_DISK=s3): one private bucket; S3_ENDPOINT for MinIO and the
     like (addressed path-style), none for AWS itself. */
  S3_ENDPOINT: Env.schema.string.optional({ format: 'url', tld: false }),
  S3_BUCKET: Env.schema.string.optional(),
  S3_REGION: Env.schema.string.optional(),
  S3_ACCESS_KEY: Env.schema.string.optional(),
  S3_SECRET_KEY: Env.schema.secret.optional(),

  /* The public pages' cache (server/public_pages.ts): this process's folder for pages
     evicted from memory (a fresh one under the system's temporary folder by default), the
     memory kept for pages (MB, 32), how often the change log is read (ms, 250) and up to how
     many rooms every room's page is rendered at start-up (100). */
  PAGE_CACHE_DIR: Env.schema.string.optional(),
  PAGE_CACHE_MEMORY_MB: Env.schema.number.optional(),
  PAGE_CHANGES_POLL_MS: Env.schema.number.optional(),
  PAGE_WARM_ROOMS: Env.schema.number.optional(),

  /* Origins besides our own allowed to send state-changing calls (comma list). */
  TRUSTED_ORIGINS: Env.schema.string.optional(),
  /* Proxies whose X-Forwarded-For is believed (addresses, CIDR ranges; none by default). */
  TRUST_PROXY: Env.schema.string.optional(),

  /* Rate-limit counters: memory (one process), or shared by replicas in Redis (the default
     when REDIS_URL is set) or the database. */
  LIMITER_STORE: Env.schema.enum.optional(['memory', 'database', 'redis'] as const),
  /* Sign-in syncs per minute: per address and account, and per address. */
  AUTH_RATE_LIMIT: Env.schema.number.optional(),
  AUTH_RATE_LIMIT_IP: Env.schema.number.optional(),

  /* Sessions and rate limits: in Redis (redis://host:port/db) when this is set. */
  REDIS_URL: Env.schema.string.optional(),
  /* How often (seconds) an open session re-checks its Firebase account (disabled, revoked). */
  SESSION_RECHECK_SECONDS: Env.schema.number.optional(),

  /* Firebase Authentication: the emulator when FIREBASE_AUTH_EMULATOR_HOST is set. */
  FIREBASE_PROJECT_ID: Env.schema.string.optional(),
  FIREBASE_API_KEY: Env.schema.string.optional(),
  FIREBASE_AUTH_DOMAIN: Env.schema.string.optional(),
  FIREBASE_SERVICE_ACCOUNT: Env.schema.string.optional(),
  FIREBASE_AUTH_EMULATOR_HOST: Env.schema.string.optional(),

  /* Card payments (Moyasar; the local sandbox by default) and map tiles. */
  MOYASAR_PUBLISHABLE_KEY: Env.schema.string.optional(),
  MOYASAR_SECRET_KEY: Env.schema.string.optional(),
  MOYASAR_BASE_URL: Env.schema.string.optional(),
  /* The secret token Moyasar's webhooks carry (required in production). */
  MOYASAR_WEBHOOK_SECRET: Env.schema.string.optional(),
  /* How long one call to the gateway may take (milliseconds, 10000 by default). */
  MOYASAR_TIMEOUT_MS: Env.schema.number.optional(),
  MAP_TILE_URL: Env.schema.string.optional(),

  /*
   * The rent ledger: grace days after the due date (5); the late fee as SAR
   * (`50`) or a percentage of the month's rent (`5%`), 0 by default; a stay that starts or
   * ends inside a month pays it `full` (default) or `prorated` by days; percent off for
   * paying 3 and 12 months at once (5 and 10).
   */
  RENT_GRACE_DAYS: Env.schema.number.optional(),
  RENT_LATE_FEE: Env.schema.string.optional(),
  RENT_PARTIAL_MONTH: Env.schema.enum.optional(['full', 'prorated'] as const),
  RENT_DISCOUNT_QUARTER_PERCENT: Env.schema.number.optional(),
  RENT_DISCOUNT_YEAR_PERCENT: Env.schema.number.optional(),

  /*
   * E-mail over SMTP: the local mail catcher (maildev, 127.0.0.1:1025) by default;
   * production sets its own server (SMTP_HOST must not be loopback there). MAIL_FROM_ADDRESS
   * and MAIL_FROM_NAME are the sender; SMTP_SECURE for implicit TLS (port 465).
   */
  SMTP_HOST: Env.schema.string.optional(),
  SMTP_PORT: Env.schema.number.optional(),
  SMTP_USERNAME: Env.schema.string.optional(),
  SMTP_PASSWORD: Env.schema.secret.optional(),
  SMTP_SECURE: Env.schema.boolean.optional(),
  MAIL_FROM_ADDRESS: Env.schema.string.optional(),
  MAIL_FROM_NAME: Env.schema.string.optional(),
  /* The outbox's worker: how often it looks for messages to send (ms, 2000; 0 turns it off
     in this process), and the daily rent reminders' hour in Riyadh (9). */
  NOTIFY_POLL_MS: Env.schema.number.optional(),
  RENT_NOTIFY_HOUR: Env.schema.number.optional(),
  /* The mail catcher's web API, read by the tests (http://127.0.0.1:1080). */
  MAIL_CATCHER_URL: Env.schema.string.optional(),

  /* On SIGTERM: how long (ms) requests in flight may take to finish before they are cut (10000). */
  SHUTDOWN_TIMEOUT_MS: Env.schema.number.optional(),
})
