import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  inet,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A customer company; main and sub-accounts belong to one. */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** 1 enabled, 2 disabled. */
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('customers_code_uq').on(t.code)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-case; usernames are case-insensitive. */
    username: text('username').notNull(),
    nickname: text('nickname').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    /** 1 admin (staff), 2 main account, 3 sub-account, 4 PDA account. */
    type: smallint('type').notNull(),
    /** 1 enabled, 2 disabled. */
    status: smallint('status').notNull().default(1),
    customerId: integer('customer_id').references(() => customers.id),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /**
     * A sub-account's rights (shared/domain/sub-rights.ts), as its main account set them; empty for
     * every other kind of account (main accounts and staff are not limited by them).
     */
    subRights: text('sub_rights').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_username_uq').on(t.username), index('users_customer_idx').on(t.customerId)],
);

export const menus = pgTable(
  'menus',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').notNull().default(0),
    nameCn: text('name_cn').notNull(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    /** 1 level-one menu, 2 level-two menu, 3 button. */
    type: smallint('type').notNull(),
    /** Route path (types 1, 2) or permission key (type 3). */
    path: text('path').notNull(),
    /** Permission keys a screen grants, comma separated. */
    perms: text('perms').notNull().default(''),
    icon: text('icon').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('menus_parent_idx').on(t.parentId)],
);

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    remark: text('remark').notNull().default(''),
    /** Holds every permission, present and future. */
    isAdmin: boolean('is_admin').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('roles_name_uq').on(t.name)],
);

export const roleMenus = pgTable(
  'role_menus',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] }), index('role_menus_menu_idx').on(t.menuId)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

/** One login: the access token names it, the refresh token is stored hashed; revoking ends both. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    refreshHash: text('refresh_hash').notNull(),
    /** Hashes of the refresh tokens this session spent, newest first (at most 20): one presented again is a reuse. */
    spentRefreshHashes: text('spent_refresh_hashes').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: text('username').notNull(),
    ip: inet('ip'),
    /** null while the password is being checked: a login in flight counts as a failure. */
    success: boolean('success'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_username_at_idx').on(t.username, t.at),
    index('login_attempts_ip_at_idx').on(t.ip, t.at),
  ],
);

/** Stored answers of replayable calls: (user, key) → request hash and response, kept 30 days. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id').notNull(),
    key: uuid('key').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    /** `running` only inside the request's own transaction: a committed key is `done`. */
    state: text('state').notNull().default('running'),
    statusCode: smallint('status_code'),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_created_idx').on(t.createdAt)],
);

/** Settings that must be shared by every server process on one database. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
});
