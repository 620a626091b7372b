import { MAX_PRINT_PACKAGES } from '../../../shared/contract/package.ts';
import { packageLabels } from '../../api/queries/package.ts';
import { useCan } from '../../session/permissions.ts';
import { LabelPrintButtons } from '../shared/print-to-printer.tsx';

/** The labels of some packages (package:print): print to printer, Download .zpl, the PDF. */
export function PackageLabelButtons({ packages }: { packages: readonly { recId: number }[] }) {
  const may = useCan('package:print');
  if (!may) return null;
  const ids = packages.map((p) => p.recId);
  return (
    <LabelPrintButtons
      count={packages.length}
      max={MAX_PRINT_PACKAGES}
      testId="package"
      print={(printerId) => packageLabels.print({ ids, ...(printerId ? { printerId } : {}) })}
      file={(o) => packageLabels.file({ ids, ...o })}
    />
  );
}
