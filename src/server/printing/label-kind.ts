import type { PrintJobRecord } from '../../shared/contract/printer.ts';
import type { Locale } from '../../shared/domain/enums.ts';
import { type LabelSize, labelSizeMm, type PrintKind } from '../../shared/domain/printing.ts';
import type { MessageDescriptor } from '../../shared/i18n/messages.ts';
import type { Db } from '../db/client.ts';
import type { LabelCanvas, LabelFrame, LabelSizeMm } from '../files/label-canvas.ts';
import { labelsPdf } from '../files/pdf-label.ts';
import { DESIGN_MM, labelFrame, type ZplDpi } from '../files/zpl.ts';
import type { AuthUser, FileResult } from '../http/context.ts';
import type { Translate } from '../i18n.ts';
import type { JobEngine } from '../jobs/engine.ts';
import { dpiOf, printerFor, queuePrint, sizeOf } from './print-queue.ts';

/** What a label is drawn with: the caller's language and the business time zone. */
export interface LabelCtx {
  t: Translate;
  locale: Locale;
  timeZone: string;
}

/**
 * A kind of label the product prints (an order's, a lading bill's, a package's, a batch's): the name
 * of its prints and files, the number each label carries, and its ZPL; its PDF when it has one.
 * The file answer of a `printLabel` call and the print of a `printToPrinter` call are made from it
 * by `labelFile` and `printLabels`, the same for every kind.
 */
export interface LabelKind<L> {
  kind: PrintKind;
  title: MessageDescriptor;
  noOf(label: L): string;
  zpl(labels: L[], t: Translate, locale: Locale, dpi: ZplDpi, size?: LabelSizeMm): string;
  pdf?(labels: L[], t: Translate, locale: Locale): Promise<{ bytes: Uint8Array; pages: number }>;
}

/**
 * A kind drawn once on the label canvas (`files/label-canvas.ts`): its ZPL (one ^XA … ^XZ a label, on
 * the printer's size and resolution) and its PDF (100 × 150 mm pages) show the same content,
 * mirrored for Arabic.
 */
export function drawnLabelKind<L>(k: {
  kind: PrintKind;
  title: MessageDescriptor;
  noOf(label: L): string;
  draw(frame: LabelFrame<LabelCanvas>, label: L, t: Translate): void;
}): Required<LabelKind<L>> {
  return {
    kind: k.kind,
    title: k.title,
    noOf: k.noOf,
    zpl: (labels, t, locale, dpi, size = DESIGN_MM) =>
      labels
        .map((label) => {
          const f = labelFrame(dpi, size, locale === 'ar');
          k.draw(f, label, t);
          return f.z.toString();
        })
        .join(''),
    pdf: (labels, t, locale) =>
      labelsPdf(labels, { title: t(k.title), rtl: locale === 'ar' }, (f, label) => k.draw(f, label, t)),
  };
}

/** A file's name for the labels: the kind and the one number, or the kind and how many. */
export function labelsName<L>(kind: LabelKind<L>, labels: L[], t: Translate): string {
  const title = t(kind.title);
  return labels.length === 1 ? `${title} ${kind.noOf(labels[0]!)}` : `${title} (${labels.length})`;
}

/** The labels as a ZPL file at `dpi` and the named label size, for a printer attached to a PC. */
export function zplFile<L>(
  kind: LabelKind<L>,
  labels: L[],
  o: { dpi: ZplDpi; labelSize: LabelSize },
  c: { t: Translate; locale: Locale },
): FileResult {
  return {
    filename: `${labelsName(kind, labels, c.t)}.zpl`,
    contentType: 'application/vnd.zebra.zpl; charset=utf-8',
    body: Buffer.from(kind.zpl(labels, c.t, c.locale, o.dpi, labelSizeMm(o.labelSize)), 'utf8'),
  };
}

/** A `printLabel` call's answer: the labels as one PDF, or as ZPL. */
export async function labelFile<L>(
  kind: Required<LabelKind<L>>,
  labels: L[],
  body: { format: 'pdf' | 'zpl'; dpi: ZplDpi; labelSize: LabelSize },
  c: { t: Translate; locale: Locale },
): Promise<FileResult> {
  if (body.format === 'zpl') return zplFile(kind, labels, body, c);
  const { bytes } = await kind.pdf(labels, c.t, c.locale);
  return {
    filename: `${labelsName(kind, labels, c.t)}.pdf`,
    contentType: 'application/pdf',
    body: Buffer.from(bytes),
  };
}

/**
 * A `printToPrinter` call: the printer chosen (else the caller's preferred one; 404 when none is
 * enabled, before any label is read), the labels `load` reads, as ZPL at that printer's resolution
 * and size, queued as a print.
 */
export async function printLabels<L>(
  db: Db,
  jobs: JobEngine,
  user: AuthUser,
  printerId: number | undefined,
  kind: LabelKind<L>,
  c: { t: Translate; locale: Locale },
  load: () => Promise<L[]>,
): Promise<PrintJobRecord> {
  const p = await printerFor(db, user, printerId);
  const labels = await load();
  const zpl = kind.zpl(labels, c.t, c.locale, dpiOf(p), sizeOf(p));
  return queuePrint(db, jobs, user, p, { kind: kind.kind, nos: labels.map((l) => kind.noOf(l)), zpl });
}
