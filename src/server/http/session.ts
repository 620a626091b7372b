import { AccountType } from '../../shared/domain/enums.ts';
import { type Db, runSql } from '../db/client.ts';
import type { AuthUser } from './context.ts';

/** The access stamp (name_versions row 2, migration 0019), selected with the session and with the grants. */
const ACCESS_VERSION = '(SELECT version FROM name_versions WHERE id = 2)';

type Row = {
  id: number;
  username: string;
  nickname: string;
  type: number;
  customer_id: number | null;
  customer_name: string | null;
  sub_rights: string[];
  role_ids: number[];
  access: number;
};

/**
 * The session's user and role ids, and the stamp of what roles grant; $1 the session id, $2 its
 * user id. Read on every authenticated call, so a revoked session, a disabled account or customer,
 * a role taken away counts at once, in every process.
 */
const SESSION_USER = `
    SELECT u.id, u.username, u.nickname, u.type, u.customer_id, c.name AS customer_name, u.sub_rights,
      ARRAY(SELECT ur.role_id FROM user_roles ur WHERE ur.user_id = u.id ORDER BY ur.role_id) AS role_ids,
      ${ACCESS_VERSION} AS access
    FROM sessions s
    JOIN users u ON u.id = s.user_id
    LEFT JOIN customers c ON c.id = u.customer_id
    WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND s.expires_at > now()
      AND u.status = 1 AND (c.id IS NULL OR c.status = 1)`;

/** What a set of roles grants: admin or not, the roles' names, the permission keys of their menus; $1 the role ids. */
const GRANTS = `
    SELECT ${ACCESS_VERSION} AS access,
      COALESCE((SELECT bool_or(ro.is_admin) FROM roles ro WHERE ro.id = ANY($1::int[])), false) AS is_admin,
      COALESCE((SELECT json_agg(json_build_object('recId', ro.id, 'name', ro.name) ORDER BY ro.id)
        FROM roles ro WHERE ro.id = ANY($1::int[])), '[]'::json) AS roles,
      COALESCE((SELECT array_agg(DISTINCT k)
        FROM role_menus rm
        JOIN menus m ON m.id = rm.menu_id
        CROSS JOIN LATERAL unnest(
          CASE WHEN m.type = 3 THEN ARRAY[m.path] ELSE string_to_array(NULLIF(m.perms, ''), ',') END
        ) AS k
        WHERE rm.role_id = ANY($1::int[])), '{}') AS perms`;

type GrantsRow = { access: number; is_admin: boolean; roles: Grants['roles']; perms: string[] };

interface Grants {
  isAdmin: boolean;
  perms: ReadonlySet<string>;
  roles: { recId: number; name: string }[];
}

/**
 * The grants of the sets of roles met so far, under the access stamp they were read with. Every
 * call reads the stamp with its session; while it is the same, no role, role menu or menu changed
 * (statement triggers of migration 0019), so the grants kept are the database's. Reading them
 * every call (aggregating every menu key of an administrator) was half the session lookup's time.
 */
let grantsCache: { access: number; bySet: Map<string, Grants> } | undefined;
/** Sets of roles kept at most (accounts share a few sets; beyond, the process starts again). */
const GRANT_SETS_MAX = 1_000;

async function grantsOf(db: Db, access: number, roleIds: number[]): Promise<Grants> {
  if (grantsCache?.access !== access) grantsCache = { access, bySet: new Map() };
  const own = grantsCache;
  const key = roleIds.join(',');
  const known = own.bySet.get(key);
  if (known) return known;
  const [row] = await runSql<GrantsRow>(db, GRANTS, [roleIds], 'session_grants');
  const grants: Grants = {
    isAdmin: row!.is_admin,
    perms: new Set(row!.perms.map((k) => k.trim())),
    roles: row!.roles,
  };
  // Read under a newer stamp than the session's: used for this call, not kept under the older one.
  if (row!.access === own.access) {
    if (own.bySet.size >= GRANT_SETS_MAX) own.bySet.clear();
    own.bySet.set(key, grants);
  }
  return grants;
}

/**
 * The user behind a session, or null when the session is unknown, revoked or expired, or the
 * account (or its customer) is disabled. One round trip on nearly every call: the session row, read
 * every time, prepared once per connection; what its roles grant from this process's memory while
 * the access stamp is unchanged.
 */
export async function loadSessionUser(db: Db, sessionId: string, userId: number): Promise<AuthUser | null> {
  const [row] = await runSql<Row>(db, SESSION_USER, [sessionId, userId], 'session_user');
  return row ? userOf(db, row, sessionId) : null;
}

/** SESSION_USER without the session: the account $1 as it stands (enabled, its customer enabled). */
const ACCOUNT_USER = `
    SELECT u.id, u.username, u.nickname, u.type, u.customer_id, c.name AS customer_name, u.sub_rights,
      ARRAY(SELECT ur.role_id FROM user_roles ur WHERE ur.user_id = u.id ORDER BY ur.role_id) AS role_ids,
      ${ACCESS_VERSION} AS access
    FROM users u
    LEFT JOIN customers c ON c.id = u.customer_id
    WHERE u.id = $1 AND u.status = 1 AND (c.id IS NULL OR c.status = 1)`;

/**
 * An account acting outside any request (an export job runs its maker's call again): null when it
 * is disabled, or its customer is. `sessionId` names the work it does.
 */
export async function loadAccountUser(db: Db, userId: number, sessionId: string): Promise<AuthUser | null> {
  const [row] = await runSql<Row>(db, ACCOUNT_USER, [userId], 'account_user');
  return row ? userOf(db, row, sessionId) : null;
}

async function userOf(db: Db, row: Row, sessionId: string): Promise<AuthUser> {
  const grants = await grantsOf(db, Number(row.access), row.role_ids);
  return {
    id: row.id,
    username: row.username,
    nickname: row.nickname,
    type: row.type,
    customerId: row.customer_id,
    customerName: row.customer_name,
    sessionId,
    isAdmin: grants.isAdmin,
    perms: grants.perms,
    roles: grants.roles,
    ...subRightsOf(row),
  };
}

/** A sub-account's rights, read with its session on every call (a right taken away counts at once). */
function subRightsOf(row: Row): Pick<AuthUser, 'subRights'> {
  return row.type === AccountType.sub ? { subRights: new Set(row.sub_rights) } : {};
}

type KeyRow = Row & { key_id: number; scopes: string[]; rate_count: number };

/**
 * The account behind an API key ($1 the hash of its secret), stamped as last used from $2 and,
 * when the key holds the call's scope $3, counted against its rate limit, in one statement that
 * every process shares: a revoked or expired key, a disabled account or customer, answers nothing
 * at once. A call the key may not make (no scope $3, or not one of its) is refused, not counted.
 * The key acts only as a customer account of its own customer, never as staff.
 */
const KEY_USER = `
    UPDATE api_keys k SET
      rate_count = CASE WHEN NOT COALESCE($3::text = ANY(k.scopes), false) THEN k.rate_count
        WHEN k.rate_window = w.sec THEN k.rate_count + 1 ELSE 1 END,
      rate_window = CASE WHEN COALESCE($3::text = ANY(k.scopes), false) THEN w.sec ELSE k.rate_window END,
      last_used_at = now(), last_used_ip = $2
    FROM users u
    JOIN customers c ON c.id = u.customer_id,
      (SELECT floor(extract(epoch FROM now()))::bigint AS sec) w
    WHERE k.hash = $1 AND u.id = k.acting_user_id AND c.id = k.customer_id
      AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now())
      AND u.status = 1 AND u.type IN (2, 3) AND c.status = 1
    RETURNING k.id AS key_id, k.scopes, k.rate_count, u.id, u.username, u.nickname, u.type,
      u.customer_id, c.name AS customer_name, u.sub_rights,
      ARRAY(SELECT ur.role_id FROM user_roles ur WHERE ur.user_id = u.id ORDER BY ur.role_id) AS role_ids,
      ${ACCESS_VERSION} AS access`;

/**
 * The caller an API key stands for, with the calls it made in the current second (counting this
 * one only when the key holds `scope`, the scope the call asks, if any); null when it is not live.
 */
export async function loadKeyUser(
  db: Db,
  hash: string,
  ip: string,
  scope: string | undefined,
): Promise<{ user: AuthUser; callsThisSecond: number } | null> {
  const [row] = await runSql<KeyRow>(db, KEY_USER, [hash, ip, scope ?? null], 'api_key_user');
  if (!row) return null;
  const grants = await grantsOf(db, Number(row.access), row.role_ids);
  return {
    user: {
      id: row.id,
      username: row.username,
      nickname: row.nickname,
      type: row.type,
      customerId: row.customer_id,
      customerName: row.customer_name,
      sessionId: `key:${row.key_id}`,
      isAdmin: false,
      perms: grants.perms,
      roles: grants.roles,
      apiKey: { id: row.key_id, scopes: new Set(row.scopes) },
      ...subRightsOf(row),
    },
    callsThisSecond: row.rate_count,
  };
}
