import { type Db, runSql } from '../db/client.ts';
import type { AuthUser } from './context.ts';

type Row = {
  id: number;
  username: string;
  nickname: string;
  type: number;
  customer_id: number | null;
  customer_name: string | null;
  is_admin: boolean;
  perms: string[];
  roles: { recId: number; name: string }[];
};

/** The session's user with roles and permission keys; $1 the session id, $2 its user id. */
const SESSION_USER = `
    SELECT u.id, u.username, u.nickname, u.type, u.customer_id, c.name AS customer_name,
      COALESCE(r.is_admin, false) AS is_admin, COALESCE(r.roles, '[]'::json) AS roles,
      COALESCE(p.perms, '{}') AS perms
    FROM sessions s
    JOIN users u ON u.id = s.user_id
    LEFT JOIN customers c ON c.id = u.customer_id
    LEFT JOIN LATERAL (
      SELECT bool_or(ro.is_admin) AS is_admin,
        json_agg(json_build_object('recId', ro.id, 'name', ro.name) ORDER BY ro.id) AS roles
      FROM user_roles ur JOIN roles ro ON ro.id = ur.role_id WHERE ur.user_id = u.id
    ) r ON true
    LEFT JOIN LATERAL (
      SELECT array_agg(DISTINCT k) AS perms
      FROM user_roles ur
      JOIN role_menus rm ON rm.role_id = ur.role_id
      JOIN menus m ON m.id = rm.menu_id
      CROSS JOIN LATERAL unnest(
        CASE WHEN m.type = 3 THEN ARRAY[m.path] ELSE string_to_array(NULLIF(m.perms, ''), ',') END
      ) AS k
      WHERE ur.user_id = u.id
    ) p ON true
    WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND s.expires_at > now()
      AND u.status = 1 AND (c.id IS NULL OR c.status = 1)`;

/**
 * The user behind a session, or null when the session is unknown, revoked or expired, or the
 * account (or its customer) is disabled. One round trip: this runs on every authenticated call,
 * prepared once per connection (its planning took longer than running it).
 */
export async function loadSessionUser(db: Db, sessionId: string, userId: number): Promise<AuthUser | null> {
  const [row] = await runSql<Row>(db, SESSION_USER, [sessionId, userId], 'session_user');
  if (!row) return null;
  return {
    id: row.id,
    username: row.username,
    nickname: row.nickname,
    type: row.type,
    customerId: row.customer_id,
    customerName: row.customer_name,
    sessionId,
    isAdmin: row.is_admin,
    perms: new Set(row.perms.map((k) => k.trim())),
    roles: row.roles,
  };
}
