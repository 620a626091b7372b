import { sql } from 'drizzle-orm';
import { newSessionId, signAccessToken } from '../../../../src/server/modules/auth/tokens.ts';
import type { TestApp } from '../app.ts';
import { type Account, LOGINS } from './accounts.ts';

type Snapshot = {
  id: number;
  username: string;
  type: number;
  status: number;
  customer_id: number | null;
  roles: number[];
};

/**
 * Keeps the fuzzed accounts usable: random writes may disable an account, rename it, change its
 * type or roles, or end its sessions (user/save, customer/update, password calls). Before each
 * endpoint the accounts are put back as they were and given fresh sessions, minted directly so
 * that neither a changed password nor the login throttle stands in the way.
 */
export class SessionKeeper {
  private readonly t: TestApp;
  private snapshot: Snapshot[] = [];
  readonly tokens = {} as Record<Account, string | undefined>;

  constructor(t: TestApp) {
    this.t = t;
  }

  async start(): Promise<void> {
    const names = Object.values(LOGINS).map(([u]) => u);
    const r = await this.t.database.db.execute<Snapshot>(sql`
      SELECT u.id, u.username, u.type, u.status, u.customer_id,
        COALESCE(array_agg(ur.role_id) FILTER (WHERE ur.role_id IS NOT NULL), '{}') AS roles
      FROM users u LEFT JOIN user_roles ur ON ur.user_id = u.id
      WHERE u.username IN (${sql.join(
        names.map((n) => sql`${n}`),
        sql`, `,
      )})
      GROUP BY u.id`);
    this.snapshot = r.rows;
    await this.restore();
  }

  /** Puts the accounts (and their customers) back and mints a session for each. */
  async restore(): Promise<void> {
    const db = this.t.database.db;
    for (const u of this.snapshot) {
      await db.execute(sql`UPDATE users SET username = ${u.username}, type = ${u.type}, status = ${u.status},
        customer_id = ${u.customer_id} WHERE id = ${u.id}`);
      await db.execute(sql`DELETE FROM user_roles WHERE user_id = ${u.id}`);
      for (const role of u.roles)
        await db.execute(sql`INSERT INTO user_roles (user_id, role_id) VALUES (${u.id}, ${role})`);
      if (u.customer_id) await db.execute(sql`UPDATE customers SET status = 1 WHERE id = ${u.customer_id}`);
    }
    for (const [account, [username]] of Object.entries(LOGINS)) {
      const u = this.snapshot.find((s) => s.username === username)!;
      const sessionId = newSessionId();
      await db.execute(sql`INSERT INTO sessions (id, user_id, refresh_hash, expires_at)
        VALUES (${sessionId}, ${u.id}, ${`fuzz-${sessionId}`}, now() + interval '1 day')`);
      this.tokens[account as Account] = await signAccessToken(this.t.config.tokenSecret, {
        userId: u.id,
        sessionId,
      });
    }
  }
}
