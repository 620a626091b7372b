import { useLingui } from '@lingui/react/macro';
import { Result } from 'antd';

/** A print page opened without orders: say where prints come from. */
export function NothingToPrint() {
  const { t } = useLingui();
  return (
    <main className="full-layout">
      <Result
        status="info"
        title={t`Nothing to print`}
        subTitle={t`Open this page from an order list with orders selected, or with their tracking nos.`}
        data-testid="print-nothing"
      />
    </main>
  );
}
