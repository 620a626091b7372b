import { batchLabels } from '../../api/queries/batch.ts';
import { BILL_PRINT_MAX } from '../../print/search.ts';
import { LabelPrintButtons } from '../shared/print-to-printer.tsx';

/** The batches' summary labels (batch:print): print to printer, Download .zpl, the PDF. */
export function BatchLabelButtons({ batches }: { batches: readonly { recId: number }[] }) {
  const ids = batches.map((b) => b.recId);
  return (
    <LabelPrintButtons
      count={batches.length}
      max={BILL_PRINT_MAX}
      testId="batch"
      print={(printerId) => batchLabels.print({ ids, ...(printerId ? { printerId } : {}) })}
      file={(o) => batchLabels.file({ ids, ...o })}
    />
  );
}
