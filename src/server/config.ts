import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** A streaming replica of DATABASE_URL: reports, analysis, statements and exports read it. */
  DATABASE_REPLICA_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** A replica further behind than this many seconds is not read from until it catches up. */
  REPLICA_MAX_LAG_SECONDS: z.coerce.number().min(0).max(3600).default(10),
  TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  BUSINESS_TIME_ZONE: z
    .string()
    .default('Asia/Shanghai')
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as Asia/Shanghai'),
  /** Demo accounts and data; default on for the embedded database, off for DATABASE_URL. */
  SEED_DEMO: bool.optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built web app is; the server serves it with the SPA fallback. */
  WEB_DIST: z.string().default('./dist'),
  /** Set behind an HTTPS proxy so HSTS is sent and client addresses come from X-Forwarded-For. */
  TRUST_PROXY: bool.default(false),
  /** The SMTP server lading mails go through: smtp://user:pass@host:587 or smtps://…:465. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** The sender of lading mails. */
  MAIL_FROM: z.string().min(3).default('Parcel Back Office <noreply@localhost>'),
  /** The work-chat group bot the daily COD modification push posts to; unset = no push. */
  COD_PUSH_WEBHOOK_URL: z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, 'must be an http:// or https:// URL')
    .optional(),
  /** The language of the daily COD push message. */
  COD_PUSH_LANG: z.enum(['cn', 'en', 'ar']).default('cn'),
  /** Where orders to the CITC's countries are reported (a JSON POST per order); unset = not reported. */
  CITC_REPORT_URL: z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, 'must be an http:// or https:// URL')
    .optional(),
  /** The bearer token the CITC reports carry (Authorization: Bearer …). */
  CITC_REPORT_TOKEN: z.string().min(1).optional(),
  /** Connections the server keeps to the database at most (db/client.ts DEFAULT_POOL_MAX). */
  DB_POOL_MAX: z.coerce.number().int().min(2).max(500).optional(),
  /** The bearer token a Prometheus scraper sends to GET /metrics; unset, /metrics is not served. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** A second listener, on 127.0.0.1 only, serving GET /metrics without the token. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** How long one import may spend reading its file (seconds), empty rows included. */
  IMPORT_TIME_LIMIT_SECONDS: z.coerce.number().min(0.001).max(3600).default(120),
  /** How many days audit entries are kept; older ones are dropped daily. */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(365),
  /** Calls one API key may make per second, across every process; more answer 429 with Retry-After. */
  API_KEY_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(100),
  /** Webhook endpoints may be http:// (else https only). */
  WEBHOOK_ALLOW_HTTP: bool.default(false),
  /** Webhook endpoints may resolve to private, loopback and link-local addresses (tests, self-hosting). */
  WEBHOOK_ALLOW_PRIVATE: bool.default(false),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** DATABASE_REPLICA_URL: unset, every read goes to the primary. */
  databaseReplicaUrl: string | undefined;
  replicaMaxLagSeconds: number;
  /**
   * TOKEN_SECRET; when it is not set, empty here and filled at start with the secret every process
   * on the database shares (see token-secret.ts).
   */
  tokenSecret: Uint8Array;
  businessTimeZone: string;
  seedDemo: boolean;
  adminPassword: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  webDist: string;
  trustProxy: boolean;
  /** Unset: lading mail pushes fail with "Mail is not configured". */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Unset: the daily COD push is recorded as skipped. */
  codPushWebhookUrl: string | undefined;
  codPushLocale: 'cn' | 'en' | 'ar';
  /** Unset: CITC records stay waiting to be reported, marked "Reporting to the CITC is not configured". */
  citcReportUrl: string | undefined;
  citcReportToken: string | undefined;
  /** DB_POOL_MAX; unset, the pool's default (db/client.ts). */
  dbPoolMax: number | undefined;
  /** METRICS_TOKEN: unset, GET /metrics answers 404. */
  metricsToken: string | undefined;
  /** METRICS_PORT: unset, no metrics listener of its own. */
  metricsPort: number | undefined;
  /** IMPORT_TIME_LIMIT_SECONDS: the time budget of reading one import's file. */
  importTimeLimitSeconds: number;
  /** AUDIT_RETENTION_DAYS: audit entries older than this many days are dropped daily. */
  auditRetentionDays: number;
  /** API_KEY_RATE_LIMIT: calls per second per API key. */
  apiKeyRateLimit: number;
  /** WEBHOOK_ALLOW_HTTP and WEBHOOK_ALLOW_PRIVATE. */
  webhookAllowHttp: boolean;
  webhookAllowPrivate: boolean;
}

export class ConfigError extends Error {}

/** Reads and validates the environment; a bad value stops the start with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseReplicaUrl: e.DATABASE_REPLICA_URL,
    replicaMaxLagSeconds: e.REPLICA_MAX_LAG_SECONDS,
    tokenSecret: new TextEncoder().encode(e.TOKEN_SECRET ?? ''),
    businessTimeZone: e.BUSINESS_TIME_ZONE,
    seedDemo: e.SEED_DEMO ?? e.DATABASE_URL === undefined,
    adminPassword: e.ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL,
    webDist: resolve(e.WEB_DIST),
    trustProxy: e.TRUST_PROXY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    codPushWebhookUrl: e.COD_PUSH_WEBHOOK_URL,
    codPushLocale: e.COD_PUSH_LANG,
    citcReportUrl: e.CITC_REPORT_URL,
    citcReportToken: e.CITC_REPORT_TOKEN,
    dbPoolMax: e.DB_POOL_MAX,
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    importTimeLimitSeconds: e.IMPORT_TIME_LIMIT_SECONDS,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    apiKeyRateLimit: e.API_KEY_RATE_LIMIT,
    webhookAllowHttp: e.WEBHOOK_ALLOW_HTTP,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
  };
}
