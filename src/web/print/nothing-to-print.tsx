import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { Button, Result } from 'antd';

/** A print page opened without anything to print: say where prints come from, and offer /print. */
export function NothingToPrint() {
  const { t } = useLingui();
  const navigate = useNavigate();
  return (
    <main className="full-layout">
      <Result
        status="info"
        title={t`Nothing to print`}
        subTitle={t`Open this page from a list with its rows selected, or choose what to print by number.`}
        extra={
          <Button type="primary" onClick={() => void navigate({ to: '/print' })}>
            {t`Choose what to print`}
          </Button>
        }
        data-testid="print-nothing"
      />
    </main>
  );
}
