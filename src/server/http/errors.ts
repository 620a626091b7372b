import type { MessageDescriptor } from '../../shared/i18n/messages.ts';
import { messages } from '../../shared/i18n/messages.ts';

export interface FieldIssue {
  path: string;
  descriptor: MessageDescriptor;
  values?: Record<string, unknown>;
}

/** A failure the client should see: HTTP status, envelope code, a translated message, optional data. */
export class AppError extends Error {
  readonly status: number;
  readonly code: number;
  readonly descriptor: MessageDescriptor;
  readonly values: Record<string, unknown> | undefined;
  readonly data: unknown;
  /** Field failures; the error handler translates each and sends them as data.issues. */
  readonly issues: FieldIssue[] | undefined;

  constructor(
    status: number,
    descriptor: MessageDescriptor,
    opts: { code?: number; values?: Record<string, unknown>; data?: unknown; issues?: FieldIssue[] } = {},
  ) {
    super(descriptor.message);
    this.status = status;
    this.code = opts.code ?? 0;
    this.descriptor = descriptor;
    this.values = opts.values;
    this.data = opts.data ?? null;
    this.issues = opts.issues;
  }
}

export const notFound = () => new AppError(404, messages.notFound);
export const forbidden = () => new AppError(403, messages.forbidden);
/** A business rule refused the request (409). */
export const rule = (descriptor: MessageDescriptor, values?: Record<string, unknown>, data?: unknown) =>
  new AppError(409, descriptor, { values, data });
/** A field failed a rule the schema cannot express (400, with the field in data.issues). */
export const invalid = (issues: FieldIssue[]) =>
  new AppError(400, issues[0]?.descriptor ?? messages.validation, {
    issues,
    values: { ...issues[0]?.values, fields: issues.map((i) => i.path).join(', ') },
  });
