import { FilePdfOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Button } from 'antd';
import { MAX_PRINT_PACKAGES } from '../../../shared/contract/package.ts';
import { packageLabels } from '../../api/queries/package.ts';
import { useCan } from '../../session/permissions.ts';
import { saveBlob } from '../../ui/save-blob.ts';
import { DownloadZplButton, PrintToPrinterButton } from '../shared/print-to-printer.tsx';

/**
 * The labels of some packages (package:print): "Print to printer" (ZPL to a network label printer,
 * the dialog follows the print), "Download .zpl" (for a printer attached to this PC) and the PDF
 * (100 × 150 mm pages), the same label in each.
 */
export function PackageLabelButtons({ packages }: { packages: readonly { recId: number }[] }) {
  const { t } = useLingui();
  const may = useCan('package:print');
  const pdf = useMutation({
    mutationFn: () => packageLabels.file({ ids: ids(), format: 'pdf' }),
    onSuccess: ({ blob, filename }) => saveBlob(blob, filename),
  });
  if (!may) return null;
  const none = packages.length === 0 || packages.length > MAX_PRINT_PACKAGES;
  function ids() {
    return packages.map((p) => p.recId);
  }
  return (
    <>
      <PrintToPrinterButton
        count={packages.length}
        disabled={none}
        testId="package-print-to-printer"
        send={(printerId) => packageLabels.print({ ids: ids(), ...(printerId ? { printerId } : {}) })}
      />
      <DownloadZplButton
        disabled={none}
        download={(page) => packageLabels.file({ ids: ids(), format: 'zpl', ...page })}
      />
      <Button
        icon={<FilePdfOutlined />}
        disabled={none}
        loading={pdf.isPending}
        data-testid="package-label-pdf"
        onClick={() => pdf.mutate()}
      >
        {t`Labels (PDF)`}
      </Button>
    </>
  );
}
