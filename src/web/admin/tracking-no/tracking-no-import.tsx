import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { useState } from 'react';
import type { CarrierOption } from '../../../shared/contract/carrier.ts';
import { trackingNoMutations } from '../../api/queries/tracking-no.ts';
import { ImportAction } from '../kit/import-action.tsx';
import { localNamedOptions } from '../kit/text.ts';

/**
 * Import tracking numbers into one carrier's pool: choose the carrier, start from the template,
 * upload; a refused file shows its message and every bad row (row, column, reason). Nothing is
 * written by a refused import, so the fixed file is simply uploaded again.
 */
export function TrackingNoImport({
  carriers,
  defaultCarrierId,
  onImported,
}: {
  carriers: readonly CarrierOption[];
  defaultCarrierId: number | undefined;
  onImported: () => void;
}) {
  const { t, i18n } = useLingui();
  const [carrierId, setCarrierId] = useState<number | undefined>(defaultCarrierId);
  const importFile = useMutation(trackingNoMutations.importNumbers());
  const template = useMutation(trackingNoMutations.template());

  return (
    <ImportAction
      primary
      title={t`Import tracking numbers`}
      hint={
        <Trans>
          One tracking number per row: 6 to 40 letters, digits or hyphens. Nothing is imported unless every
          row is valid.
        </Trans>
      }
      onOpen={() => setCarrierId((c) => c ?? defaultCarrierId)}
      scope={carrierId}
      blocked={carrierId === undefined ? t`Select the carrier first` : undefined}
      fields={
        <Form layout="vertical">
          <Form.Item label={t`Carrier`} htmlFor="import-carrier" required style={{ marginBlockEnd: 0 }}>
            <Select
              id="import-carrier"
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t`Select the carrier the numbers belong to`}
              value={carrierId}
              onChange={(v: number) => setCarrierId(v)}
              options={localNamedOptions(carriers, i18n.locale)}
            />
          </Form.Item>
        </Form>
      }
      upload={(file) => importFile.mutateAsync({ carrierId: carrierId as number, file })}
      template={() => template.mutateAsync()}
      onImported={onImported}
    />
  );
}
