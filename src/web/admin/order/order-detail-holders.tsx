import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Card, Flex, Tag } from 'antd';
import type { OrderDetail, OrderHolder } from '../../../shared/contract/order.ts';
import { useAuthList } from '../../session/permissions.ts';
import { RowsTable } from '../kit/rows-table.tsx';
import { useTime } from '../kit/use-time.ts';
import { CONFIRM_LABELS, PICKUP_COLORS, PICKUP_LABELS } from '../lading/labels.ts';

/** The key that lets the caller open each kind of bill (the server checks the same on its detail call). */
const VIEW_KEYS: Record<OrderHolder['kind'], string> = {
  package: 'package:view',
  lading: 'lading:view',
  batch: 'batch:view',
  overseas: 'overseasLading:view',
};

/** A bill's number, opening the bill's list with its detail (a tab of the desk) when the caller may. */
function HolderLink({ holder, allowed }: { holder: OrderHolder; allowed: boolean }) {
  const no = <span dir="ltr">{holder.no}</span>;
  if (!allowed) return no;
  const id = holder.recId;
  switch (holder.kind) {
    case 'package':
      return (
        <Link to="/admin/ladingBll/package" search={{ id }}>
          {no}
        </Link>
      );
    case 'lading':
      return (
        <Link to="/admin/ladingBll/manage" search={{ open: id }}>
          {no}
        </Link>
      );
    case 'batch':
      return (
        <Link to="/admin/ladingBll/manage" search={{ tab: 'batches', open: id }}>
          {no}
        </Link>
      );
    case 'overseas':
      return (
        <Link to="/admin/ladingBll/overseas" search={{ id }}>
          {no}
        </Link>
      );
  }
}

/** The bills holding the parcel now, in the order it moves: package, lading bill, batch, overseas lading. */
export function HoldersSection({ order }: { order: OrderDetail }) {
  const { t, i18n } = useLingui();
  const time = useTime();
  const keys = useAuthList();
  const kindName: Record<OrderHolder['kind'], string> = {
    package: t`Package`,
    lading: t`Lading bill`,
    batch: t`Batch`,
    overseas: t`Overseas lading`,
  };
  return (
    <Card size="small" title={t`Bills holding the order`} data-testid="order-holders">
      <RowsTable
        rowKey={(h) => `${h.kind}:${h.recId}`}
        rows={order.holders}
        empty={t`Not in any bill`}
        columns={[
          { title: t`Bill`, dataIndex: 'kind', render: (k: OrderHolder['kind']) => kindName[k] },
          {
            title: t`Number`,
            key: 'no',
            render: (_, h) => <HolderLink holder={h} allowed={keys.has(VIEW_KEYS[h.kind])} />,
          },
          {
            title: t`Status`,
            key: 'status',
            render: (_, h) => {
              const pickup = PICKUP_LABELS[h.pickupStatus];
              const confirm = h.confirmState === null ? undefined : CONFIRM_LABELS[h.confirmState];
              return (
                <Flex gap={4} wrap>
                  <Tag color={PICKUP_COLORS[h.pickupStatus] ?? 'default'}>
                    {pickup ? i18n._(pickup) : h.pickupStatus}
                  </Tag>
                  {h.pickupStatus === 1 && confirm && <Tag>{i18n._(confirm)}</Tag>}
                </Flex>
              );
            },
          },
          { title: t`Scanned`, dataIndex: 'addedAt', render: (v: string) => time(v) },
        ]}
      />
    </Card>
  );
}
