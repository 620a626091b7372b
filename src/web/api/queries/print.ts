import { queryOptions } from '@tanstack/react-query';
import { common } from '../../../shared/contract/common.ts';
import { order } from '../../../shared/contract/order.ts';
import type { PdfFile } from '../../../shared/contract/order-print.ts';
import { originOrder } from '../../../shared/contract/origin-order.ts';
import { callApi } from '../client.ts';
import { PRINT_KINDS, type PrintKind } from './print-kinds.ts';

/** What a print asks for: orders by id and/or tracking nos typed in bulk. */
export interface PrintTarget {
  ids: number[];
  trackingNos?: string;
}

export { PRINT_KINDS, type PrintKind };

/** Invoices of orders, or of origin orders (by id only). */
const invoices = (kind: PrintKind, target: PrintTarget, output: 'pdf' | 'data', signal: AbortSignal) =>
  kind === 'originInvoice'
    ? callApi(originOrder.printInvoice, { body: { ids: target.ids, output }, signal })
    : callApi(order.batchPrintInvoice, { body: { ...target, output }, signal });

/**
 * Labels, invoices and the public tracking query. Print answers are made fresh for every visit
 * (they are PDFs, not lists), so they are not kept once the page is left.
 */
export const printQueries = {
  labels: (locale: string, target: PrintTarget, output: 'pdf' | 'data') =>
    queryOptions({
      queryKey: ['print', 'labels', locale, output, target] as const,
      queryFn: ({ signal }) => callApi(order.batchPrintLabel, { body: { ...target, output }, signal }),
      gcTime: 0,
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    }),
  invoices: (locale: string, kind: PrintKind, target: PrintTarget, output: 'pdf' | 'data') =>
    queryOptions({
      queryKey: ['print', kind, locale, output, target] as const,
      queryFn: ({ signal }) => invoices(kind, target, output, signal),
      gcTime: 0,
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    }),
  /** The PDF of any print kind. */
  pdf: (locale: string, kind: PrintKind, target: PrintTarget) =>
    queryOptions({
      queryKey: ['print', 'pdf', kind, locale, target] as const,
      queryFn: async ({ signal }) => {
        const answer =
          kind === 'label'
            ? await callApi(order.batchPrintLabel, { body: { ...target, output: 'pdf' }, signal })
            : await invoices(kind, target, 'pdf', signal);
        return { pdf: answer.pdf!, notFound: answer.notFound };
      },
      gcTime: 0,
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    }),
  /** The public tracking query (/search): one result per number asked. */
  track: (locale: string, numbers: string) =>
    queryOptions({
      queryKey: ['tracking', 'query', locale, numbers] as const,
      queryFn: ({ signal }) => callApi(common.trackingQuery, { params: { no: numbers }, signal }),
      retry: false,
    }),
};

/** The PDF of an answer as a Blob the browser can show, print or save. */
export function pdfBlob(pdf: PdfFile): Blob {
  const bytes = Uint8Array.from(atob(pdf.base64), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type: pdf.contentType });
}
