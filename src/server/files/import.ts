import type { MultipartFile } from '@fastify/multipart';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AuditEntity } from '../../shared/contract/audit.ts';
import type { FileSpec } from '../../shared/contract/core.ts';
import type { Locale } from '../../shared/domain/enums.ts';
import { ImportStatus } from '../../shared/domain/import-status.ts';
import { fileMessages } from '../../shared/i18n/file-messages.ts';
import { type MessageDescriptor, messages } from '../../shared/i18n/messages.ts';
import { recordChange } from '../audit/record.ts';
import type { Db } from '../db/client.ts';
import { importLogs } from '../db/schema/index.ts';
import type { Ctx, FileResult } from '../http/context.ts';
import { zodErrorMaps } from '../http/envelope.ts';
import { AppError } from '../http/errors.ts';
import { importStarted } from '../http/metrics.ts';
import { isUnstorable } from '../http/text-guard.ts';
import { readStored, translator } from '../i18n.ts';
import { csvRows, decodeCsv, looksLikeText, type SheetLimits, type SheetRow, xlsxRows } from './sheet.ts';
import { checkZip, looksLikeZip, ZipRefused } from './zip-guard.ts';

export interface UploadedFile {
  fileName: string;
  buffer: Buffer;
  /** The text fields sent with the file (e.g. the carrier the numbers belong to). */
  fields: Record<string, string>;
}

/** Reads the one file part of a multipart call, refusing a missing or oversized file (nothing is parsed yet). */
export async function receiveFile(req: FastifyRequest, spec: FileSpec): Promise<UploadedFile> {
  if (!req.isMultipart()) throw new AppError(400, fileMessages.fileMissing);
  let part: MultipartFile | undefined;
  try {
    part = await req.file({ limits: { fileSize: spec.maxBytes, files: 1 } });
  } catch (err) {
    throw uploadError(err, spec);
  }
  if (!part || part.fieldname !== spec.field) throw new AppError(400, fileMessages.fileMissing);
  let buffer: Buffer;
  try {
    buffer = await part.toBuffer();
  } catch (err) {
    throw uploadError(err, spec);
  }
  if (part.file.truncated) throw tooLarge(spec);
  if (buffer.length === 0) throw new AppError(400, fileMessages.fileMissing);
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(part.fields)) {
    const f = Array.isArray(value) ? value[0] : value;
    if (f && f.type === 'field' && typeof f.value === 'string') {
      if (isUnstorable(f.value) || isUnstorable(name)) throw new AppError(400, messages.unstorableText);
      fields[name] = f.value;
    }
  }
  return { fileName: sanitizeName(part.filename), buffer, fields };
}

/**
 * What reading a multipart body can fail with, as the client's fault it is: a file over the limit
 * (413), a limit of parts or fields (413, mapped by the envelope), and a body without its boundary
 * or cut short (busboy's errors: 400).
 */
function uploadError(err: unknown, spec: FileSpec): unknown {
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(spec);
  if (err instanceof AppError || (code && code.startsWith('FST_'))) return err;
  return new AppError(400, messages.uploadBroken);
}

const tooLarge = (spec: FileSpec) =>
  new AppError(413, fileMessages.fileTooLarge, { values: { max: Math.round(spec.maxBytes / 1048576) } });

/** Keeps a display name only: no folders, no control or broken characters, at most 200 characters. */
export function sanitizeName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    .trim();
  return (clean || 'upload').slice(0, 200);
}

/** The rows of an uploaded sheet, by content (never by file name): xlsx after the zip check, else CSV text. */
export async function sheetRows(
  file: UploadedFile,
  limits?: SheetLimits,
): Promise<AsyncIterable<SheetRow> | Iterable<SheetRow>> {
  if (looksLikeZip(file.buffer)) {
    try {
      await checkZip(file.buffer);
    } catch (err) {
      if (err instanceof ZipRefused) {
        throw new AppError(err.problem === 'tooLarge' ? 413 : 400, fileMessages.fileDamaged);
      }
      throw err;
    }
    return xlsxRows(file.buffer, limits);
  }
  if (/\.xlsx?$/i.test(file.fileName) || !looksLikeText(file.buffer))
    throw new AppError(400, fileMessages.fileNotSheet);
  return csvRows(decodeCsv(file.buffer));
}

/**
 * Rows an xlsx may hold beyond an import's maximum, counting empty ones (a sheet often carries a few
 * thousand formatted, empty rows below its data).
 */
export const EMPTY_ROW_ALLOWANCE = 10_000;

// ---- the importer ----

export interface ImportColumn {
  /** The property of the row object the schema reads. */
  key: string;
  header: MessageDescriptor;
  required?: boolean;
  /** Column width in the template. */
  width?: number;
}

export interface RowError {
  /** 1-based row number in the file. */
  row: number;
  /** The column header in the caller's language ('' for a whole-row problem). */
  column: string;
  message: string;
}

export interface ImportSpec<T, X = undefined> {
  /** Names the importer in import_logs.kind. */
  kind: string;
  /** Base name of the template file. */
  title: MessageDescriptor;
  columns: readonly ImportColumn[];
  /** Validates one row object built from the columns (cells are trimmed text; '' for empty). */
  row: z.ZodType<T>;
  maxRows: number;
  /** Example data rows for the template (values by column key). */
  example?: readonly Record<string, string>[];
  /** Rules across rows or against the database, after every row passed `row`. */
  check?: (rows: readonly { row: number; value: T }[], ctx: Ctx, extra: X) => Promise<RowError[]>;
  /**
   * Writes every row in the transaction of the import, whose log row (status 1) is already there:
   * `importId` lets the written records name the import they came from. What it answers (counts,
   * the target) is the summary of the import's audit entry.
   */
  write: (
    tx: Db,
    rows: readonly T[],
    ctx: Ctx,
    extra: X,
    importId: number,
  ) => Promise<Record<string, unknown> | undefined | void>;
  /**
   * The audit log's kind of what the import changes, when it is an administrative change: the
   * import then writes one entry (record `import:<import id>`, action `import`) with the file's
   * name, its row count and the write's summary, in the transaction of the rows.
   */
  audit?: AuditEntity;
}

export const MAX_REPORTED_ERRORS = 1000;

/**
 * A header as matched: no marks, spaces or colons, any case, and without the time zone an export
 * names after a time column ("Signed at (Asia/Riyadh)"), so an exported file imports again.
 */
const normalise = (s: string) =>
  s
    .replace(/[(（]\s*(?:UTC|[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+)\s*[)）]\s*$/, '')
    .replace(/[*＊\s:：]/g, '')
    .toLowerCase();

export interface ImportOutcome {
  importId: number;
  rowCount: number;
}

/**
 * Validates every row of the file and, only when all are valid, writes them in one transaction.
 * A refusal answers 400 with `data.errors` (row, column, reason for each bad row) and is logged.
 */
export async function runImport<T, X>(
  ctx: Ctx,
  spec: ImportSpec<T, X>,
  file: UploadedFile,
  extra: X,
  opts: { customerId?: number | null; detail?: Record<string, unknown> } = {},
): Promise<ImportOutcome> {
  // Counted on /metrics while it runs (parcel_imports_running) and by how it ended.
  const done = importStarted(spec.kind);
  try {
    const outcome = await readAndWrite(ctx, spec, file, extra, opts);
    done('imported');
    return outcome;
  } catch (err) {
    done(err instanceof AppError && err.status < 500 ? 'refused' : 'failed');
    throw err;
  }
}

async function readAndWrite<T, X>(
  ctx: Ctx,
  spec: ImportSpec<T, X>,
  file: UploadedFile,
  extra: X,
  opts: { customerId?: number | null; detail?: Record<string, unknown> },
): Promise<ImportOutcome> {
  const t = ctx.t;
  const logRow = (status: ImportStatus, rowCount: number, errorCount: number, id?: number) => ({
    ...(id === undefined ? {} : { id }),
    kind: spec.kind,
    fileName: file.fileName,
    userId: ctx.user.id,
    customerId: opts.customerId ?? null,
    rowCount,
    errorCount,
    status,
    detail: opts.detail ?? {},
  });
  const log = (status: ImportStatus, rowCount: number, errorCount: number) =>
    ctx.db.insert(importLogs).values(logRow(status, rowCount, errorCount));

  const headerNames = (c: ImportColumn) =>
    new Set([c.key, ...(['cn', 'en', 'ar'] as const).map((l) => translator(l)(c.header))].map(normalise));

  let columnAt: Map<string, number> | undefined;
  const errors: RowError[] = [];
  let errorCount = 0;
  const valid: { row: number; value: T }[] = [];
  let rowCount = 0;
  const addError = (e: RowError) => {
    errorCount++;
    if (errors.length < MAX_REPORTED_ERRORS) errors.push(e);
  };
  const zodError = zodErrorMaps[ctx.locale as Locale];

  const limits: SheetLimits = {
    maxRows: spec.maxRows + EMPTY_ROW_ALLOWANCE,
    shownMaxRows: spec.maxRows,
    deadline: Date.now() + ctx.config.importTimeLimitSeconds * 1000,
    seconds: ctx.config.importTimeLimitSeconds,
  };
  for await (const { row, cells } of await sheetRows(file, limits)) {
    if (!columnAt) {
      if (cells.every((c) => c === '')) continue;
      columnAt = new Map();
      for (const col of spec.columns) {
        const names = headerNames(col);
        const at = cells.findIndex((c) => names.has(normalise(c)));
        if (at >= 0) columnAt.set(col.key, at);
      }
      const missing = spec.columns.filter((c) => c.required && !columnAt!.has(c.key));
      if (missing.length) {
        await log(ImportStatus.refused, 0, 1);
        throw new AppError(400, fileMessages.importMissingColumns, {
          values: { columns: missing.map((c) => t(c.header)).join(', ') },
        });
      }
      continue;
    }
    if (cells.every((c) => c === '')) continue;
    rowCount++;
    if (rowCount > spec.maxRows) {
      await log(ImportStatus.refused, rowCount, 1);
      throw new AppError(413, fileMessages.importTooManyRows, { values: { max: spec.maxRows } });
    }
    const object: Record<string, string> = {};
    for (const col of spec.columns) object[col.key] = cells[columnAt.get(col.key) ?? -1] ?? '';
    let rowOk = true;
    for (const col of spec.columns) {
      if (isUnstorable(object[col.key]!)) {
        addError({ row, column: t(col.header), message: t(messages.unstorableText) });
        rowOk = false;
      } else if (col.required && object[col.key] === '') {
        addError({ row, column: t(col.header), message: t(fileMessages.importRequired) });
        rowOk = false;
      }
    }
    if (!rowOk) continue;
    const parsed = spec.row.safeParse(object, { error: zodError });
    if (parsed.success) valid.push({ row, value: parsed.data });
    else
      for (const issue of parsed.error.issues) {
        const col = spec.columns.find((c) => c.key === issue.path[0]);
        addError({ row, column: col ? t(col.header) : '', message: readStored(t, issue.message) });
      }
  }

  if (rowCount === 0) {
    await log(ImportStatus.refused, 0, 1);
    throw new AppError(400, fileMessages.importNoRows);
  }
  if (errorCount === 0 && spec.check) for (const e of await spec.check(valid, ctx, extra)) addError(e);
  if (errorCount > 0) {
    await log(ImportStatus.refused, rowCount, errorCount);
    errors.sort((a, b) => a.row - b.row);
    throw new AppError(400, fileMessages.importRowsInvalid, {
      values: { count: new Set(errors.map((e) => e.row)).size },
      data: { rowCount, errorCount, errors },
    });
  }
  // The log row is written (status "writing") once the write transaction holds an advisory lock
  // on its id: a log still "writing" whose lock is free was cut off with its server and is
  // settled as failed (settleInterruptedImports); its transaction wrote nothing.
  const [{ id: importId }] = (
    await ctx.db.execute<{ id: number }>(sql`SELECT nextval('import_logs_id_seq')::int AS id`)
  ).rows as [{ id: number }];
  try {
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${IMPORT_LOCK}, ${importId})`);
      await ctx.db.insert(importLogs).values(logRow(ImportStatus.writing, rowCount, 0, importId));
      const summary = await spec.write(
        tx as unknown as Db,
        valid.map((v) => v.value),
        ctx,
        extra,
        importId,
      );
      if (spec.audit)
        await recordChange(tx as unknown as Db, {
          entity: spec.audit,
          recordId: `import:${importId}`,
          action: 'import',
          after: { fileName: file.fileName, rowCount, ...opts.detail, ...summary },
        });
      await tx.update(importLogs).set({ status: ImportStatus.imported }).where(eq(importLogs.id, importId));
    });
  } catch (err) {
    await ctx.db
      .update(importLogs)
      .set({ status: ImportStatus.failed })
      .where(and(eq(importLogs.id, importId), eq(importLogs.status, ImportStatus.writing)))
      .catch(() => {});
    throw err;
  }
  return { importId, rowCount };
}

/** The advisory-lock namespace of import writes (the second key is the import log's id). */
const IMPORT_LOCK = 727_101;

/**
 * Marks failed the imports still "writing" whose write transaction is gone (its server was killed
 * or crashed: PostgreSQL rolled the rows back and released the lock). Runs at start and before an
 * import log is listed, so the log never shows a dead import as still running.
 */
export async function settleInterruptedImports(db: Db): Promise<number> {
  const r = await db.execute(sql`
    WITH writing AS MATERIALIZED (
      SELECT id FROM ${importLogs} WHERE status = ${ImportStatus.writing}
    )
    UPDATE ${importLogs} SET status = ${ImportStatus.failed}
    WHERE status = ${ImportStatus.writing}
      AND id IN (SELECT id FROM writing WHERE pg_try_advisory_xact_lock(${IMPORT_LOCK}, id::int))`);
  return r.rowCount ?? 0;
}

// ---- templates ----

/** The template of an importer: its headers in the caller's language (required ones marked *), plus example rows. */
export async function templateFile(
  spec: ImportSpec<unknown, unknown>,
  ctx: Pick<Ctx, 't'>,
): Promise<FileResult> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  ws.columns = spec.columns.map((c) => ({
    header: `${c.required ? '*' : ''}${ctx.t(c.header)}`,
    key: c.key,
    width: c.width ?? 20,
  }));
  ws.getRow(1).font = { bold: true };
  for (const example of spec.example ?? []) ws.addRow(example);
  const body = Buffer.from(await wb.xlsx.writeBuffer());
  return {
    filename: `${ctx.t(spec.title)}.xlsx`,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    body,
  };
}
