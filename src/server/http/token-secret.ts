import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';

/** Access tokens are signed with HS256; shorter secrets are refused (README: TOKEN_SECRET). */
export const MIN_SECRET_BYTES = 32;

/**
 * The configured TOKEN_SECRET, or else the one kept in the database: the first process to start
 * generates it, and every process on that database signs and checks tokens with it, so a user
 * logged in through one process is known to all of them.
 */
export async function withTokenSecret(config: Config, db: Db): Promise<Config> {
  if (config.tokenSecret.length >= MIN_SECRET_BYTES) return config;
  const generated = randomBytes(48).toString('base64url');
  await db.execute(sql`
    INSERT INTO app_settings (key, value) VALUES ('token_secret', to_jsonb(${generated}::text))
    ON CONFLICT (key) DO NOTHING`);
  const r = await db.execute<{ secret: string }>(
    sql`SELECT value #>> '{}' AS secret FROM app_settings WHERE key = 'token_secret'`,
  );
  return { ...config, tokenSecret: new TextEncoder().encode(r.rows[0]!.secret) };
}
