import { FileExcelOutlined, FilePdfOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Button, Space } from 'antd';
import type { ManifestFormat } from '../../../shared/contract/lading.ts';
import type { Download } from '../../api/client.ts';
import { saveBlob } from '../../ui/save-blob.ts';

/**
 * "Handover manifest" as a PDF and as a sheet: what the carrier took at a pickup, with the lines
 * both sides sign. Shown for a picked-up bill or batch (the server refuses any other with 409);
 * `download` fetches the file of the one in view.
 */
export function ManifestButtons({
  download,
  disabled,
  testId = 'manifest',
}: {
  download: (format: ManifestFormat) => Promise<Download>;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useLingui();
  const save = useMutation({
    mutationFn: download,
    onSuccess: ({ blob, filename }) => saveBlob(blob, filename),
  });
  const busy = (format: ManifestFormat) => save.isPending && save.variables === format;
  return (
    <Space.Compact>
      <Button
        icon={<FilePdfOutlined />}
        disabled={disabled}
        loading={busy('pdf')}
        data-testid={`${testId}-pdf`}
        onClick={() => save.mutate('pdf')}
      >
        {t`Handover manifest (PDF)`}
      </Button>
      <Button
        icon={<FileExcelOutlined />}
        disabled={disabled}
        loading={busy('xlsx')}
        data-testid={`${testId}-xlsx`}
        onClick={() => save.mutate('xlsx')}
      >
        {t`Handover manifest (xlsx)`}
      </Button>
    </Space.Compact>
  );
}
