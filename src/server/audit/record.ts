import type { AuditEntity } from '../../shared/contract/audit.ts';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';
import { currentActor } from './actor.ts';

type Fields = Record<string, unknown>;

export interface Change {
  entity: AuditEntity;
  recordId: string | number;
  /** create, update, delete, or a named act (cancel, intercept, approve, recalculate, import…). */
  action: string;
  /** The record before the change (omit for a create). */
  before?: Fields | null | undefined;
  /** The record after the change (omit for a delete). */
  after?: Fields | null | undefined;
}

/** Never logged: keys, bookkeeping times, and secrets (a password change is logged as an act, not a value). */
const IGNORED = new Set(['id', 'recId', 'createdAt', 'updatedAt', 'passwordHash', 'password']);

/** A value as it is stored: times as ISO text, absent values as null. */
function plain(v: unknown): unknown {
  if (v === undefined) return null;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'bigint') return String(v);
  return v;
}

/**
 * The fields of the change, with their values before and after: for an update only those whose
 * value differs, for a create every field the record has, for a delete every field it had.
 */
export function changedFields(before: Fields | null | undefined, after: Fields | null | undefined) {
  const b: Fields = {};
  const a: Fields = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const k of keys) {
    if (IGNORED.has(k)) continue;
    const was = plain(before?.[k]);
    const is = plain(after?.[k]);
    if (before && after) {
      if (JSON.stringify(was) === JSON.stringify(is)) continue;
      b[k] = was;
      a[k] = is;
    } else if (before) b[k] = was;
    else a[k] = is;
  }
  return { before: b, after: a };
}

/**
 * Writes changes to the audit log, on behalf of the current actor (audit/actor.ts). Call it with
 * the transaction that makes the changes, so an entry exists exactly when its change does. An
 * update that changed nothing writes no entry.
 */
export async function recordChanges(db: Db, changes: readonly Change[]): Promise<void> {
  const actor = currentActor();
  const rows = [];
  for (const c of changes) {
    const fields = changedFields(c.before, c.after);
    const isUpdate = c.action === 'update';
    if (isUpdate && !Object.keys(fields.after).length && !Object.keys(fields.before).length) continue;
    rows.push({
      actorId: actor.id,
      actorName: actor.name,
      actorType: actor.type,
      ip: actor.ip,
      sessionId: actor.sessionId,
      entity: c.entity,
      recordId: String(c.recordId),
      action: c.action,
      before: fields.before,
      after: fields.after,
    });
  }
  for (let i = 0; i < rows.length; i += 1000) await db.insert(auditLog).values(rows.slice(i, i + 1000));
}

export function recordChange(db: Db, change: Change): Promise<void> {
  return recordChanges(db, [change]);
}
