import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Checkbox, Empty, Spin, Tag, Typography } from 'antd';
import { Enabled } from '../../../shared/domain/enums.ts';
import { customerQueries } from '../../api/queries/customer.ts';

/**
 * Every shipping channel (getAllShippings) as a checklist: what is ticked is what the customer may
 * order with. A form field: `value` and `onChange` carry the channel ids.
 */
export function ChannelChecklist({
  customerId,
  value,
  onChange,
  id,
}: {
  customerId: number | undefined;
  value?: number[];
  onChange?: (ids: number[]) => void;
  id?: string;
}) {
  const { t, i18n } = useLingui();
  const shippings = useQuery(customerQueries.shippings(i18n.locale, customerId));
  if (shippings.isLoading) return <Spin size="small" />;
  const list = shippings.data ?? [];
  if (list.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t`No shipping channels yet`} />;
  return (
    <Checkbox.Group
      value={value ?? []}
      onChange={(ids) => onChange?.(ids as number[])}
      style={{ display: 'block' }}
    >
      <div
        id={id}
        data-testid="channel-checklist"
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(320px, 1fr))',
          gap: 8,
          maxBlockSize: 240,
          overflowY: 'auto',
          padding: 8,
          border: '1px solid var(--ant-color-border-secondary, #f0f0f0)',
          borderRadius: 6,
        }}
      >
        {list.map((c) => (
          <Checkbox key={c.recId} value={c.recId}>
            <span>
              {c.name} <Typography.Text type="secondary">({c.code})</Typography.Text>
              {c.countryName && <Tag style={{ marginInlineStart: 6 }}>{c.countryName}</Tag>}
              {c.status !== Enabled.enabled && <Tag color="default">{t`Disabled`}</Tag>}
            </span>
          </Checkbox>
        ))}
      </div>
    </Checkbox.Group>
  );
}
