import type {
  InvoiceRecord,
  InvoiceResult,
  LabelRecord,
  LabelResult,
  PdfFile,
  PrintRequest,
  ZplRequest,
} from '../../../../shared/contract/order-print.ts';
import type { MessageDescriptor } from '../../../../shared/i18n/messages.ts';
import { printMessages as m } from '../../../../shared/i18n/print-messages.ts';
import type { Db } from '../../../db/client.ts';
import type { AuthUser, FileResult } from '../../../http/context.ts';
import { AppError } from '../../../http/errors.ts';
import { type LabelKind, zplFile } from '../../../printing/label-kind.ts';
import { invoicePdf } from './invoice-pdf.ts';
import { labelPdf } from './label-pdf.ts';
import { labelZpl } from './label-zpl.ts';
import { invoiceRecords, labelRecords, ordersToPrint, type PrintContext } from './print-orders.ts';

function pdfFile(
  bytes: Uint8Array,
  pages: number,
  title: MessageDescriptor,
  trackingNos: string[],
  c: PrintContext,
): PdfFile {
  const name =
    trackingNos.length === 1 ? `${c.t(title)} ${trackingNos[0]}` : `${c.t(title)} (${trackingNos.length})`;
  return {
    filename: `${name}.pdf`,
    contentType: 'application/pdf',
    pages,
    base64: Buffer.from(bytes).toString('base64'),
  };
}

/** The order's label: its ZPL and its PDF (the label's data as `labelRecords` reads it). */
export const orderLabels: Required<LabelKind<LabelRecord>> = {
  kind: 'orderLabel',
  title: m.labelFile,
  noOf: (label) => label.trackingNo,
  zpl: labelZpl,
  pdf: labelPdf,
};

/** order/printLabelZpl: the same labels as ZPL II, for a printer attached to a PC. */
export async function printLabelsZpl(
  db: Db,
  user: AuthUser,
  sel: ZplRequest,
  c: PrintContext,
): Promise<FileResult> {
  const { rows } = await ordersToPrint(db, user, sel);
  const labels = await labelRecords(db, rows, c);
  if (labels.length === 0) throw new AppError(404, m.noneFound);
  return zplFile(orderLabels, labels, sel, c);
}

/** order/batchPrintLabel: the labels' records, and their PDF unless only the data was asked for. */
export async function printLabels(
  db: Db,
  user: AuthUser,
  sel: PrintRequest,
  c: PrintContext,
): Promise<LabelResult> {
  const { rows, notFound } = await ordersToPrint(db, user, sel);
  const labels = await labelRecords(db, rows, c);
  const pdf =
    sel.output === 'pdf'
      ? pdfFile(
          (await labelPdf(labels, c.t, c.locale)).bytes,
          labels.length,
          m.labelFile,
          labels.map((l) => l.trackingNo),
          c,
        )
      : null;
  return { labels, notFound, pdf };
}

export async function invoicesAnswer(
  invoices: InvoiceRecord[],
  notFound: string[],
  output: 'pdf' | 'data',
  c: PrintContext,
): Promise<InvoiceResult> {
  if (output === 'data') return { invoices, notFound, pdf: null };
  const { bytes, pages } = await invoicePdf(invoices, c.t, c.locale);
  const names = invoices.map((i) => i.invoiceNo);
  return { invoices, notFound, pdf: pdfFile(bytes, pages, m.invoiceFile, names, c) };
}

/** order/batchPrintInvoice (and lading/printInvoice): commercial invoices, one per order. */
export async function printInvoices(
  db: Db,
  user: AuthUser,
  sel: PrintRequest,
  c: PrintContext,
): Promise<InvoiceResult> {
  const { rows, notFound } = await ordersToPrint(db, user, sel);
  return invoicesAnswer(await invoiceRecords(db, rows, c), notFound, sel.output, c);
}
