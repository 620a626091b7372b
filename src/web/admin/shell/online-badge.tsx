import { useLingui } from '@lingui/react/macro';
import { Badge } from 'antd';
import { useOnline } from '../../ui/use-online.ts';

/** The offline/online indicator of the header (spec 2). */
export function OnlineBadge() {
  const { t } = useLingui();
  const online = useOnline();
  return (
    <span role="status" data-testid="online-state" data-online={online} className="online-badge">
      <Badge status={online ? 'success' : 'error'} text={online ? t`Online` : t`Offline`} />
    </span>
  );
}
