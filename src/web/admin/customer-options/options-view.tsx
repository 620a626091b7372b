import { EditOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button, Card, Descriptions, Empty, Flex, Spin, Tag, Typography } from 'antd';
import type { CustomerOptions } from '../../../shared/contract/customer.ts';
import { customerQueries } from '../../api/queries/customer.ts';
import { typed } from '../../ui/bidi.tsx';
import { named } from '../kit/text.ts';
import { useFormat } from '../kit/use-format.ts';
import { CustomerAddresses } from './customer-addresses.tsx';
import { CustomerOnly } from './customer-only.tsx';
import { SubAccounts } from './sub-accounts.tsx';

/**
 * /admin/user/options: the customer's own settings, read-only, with Edit for the main account, and
 * for it the sub-accounts with what each may do.
 */
export function OptionsView() {
  return (
    <CustomerOnly>
      <OptionsCard />
    </CustomerOnly>
  );
}

function OptionsCard() {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const options = useQuery(customerQueries.own(i18n.locale));
  const o = options.data;
  if (!o) return options.isLoading ? <Spin /> : <Empty />;

  return (
    <Flex vertical gap={16} data-testid="customer-options">
      <Card
        title={t`My settings`}
        extra={
          o.editable && (
            <Link to="/admin/user/options/edit">
              <Button type="primary" icon={<EditOutlined />}>
                {t`Edit`}
              </Button>
            </Link>
          )
        }
      >
        <Descriptions column={{ xs: 1, md: 2 }} bordered size="middle">
          <Descriptions.Item label={t`Customer`}>
            {o.customerName} <Typography.Text type="secondary">({o.customerCode})</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t`Default channel`}>{channelName(o) ?? <NotSet />}</Descriptions.Item>
          <Descriptions.Item label={t`Contact`}>{o.contact || <NotSet />}</Descriptions.Item>
          <Descriptions.Item label={t`Phone`}>
            {o.phone ? <span dir="ltr">{o.phone}</span> : <NotSet />}
          </Descriptions.Item>
          <Descriptions.Item label={t`Notification e-mail`} span={2}>
            {o.notifyEmail ? <span dir="ltr">{o.notifyEmail}</span> : <NotSet />}
          </Descriptions.Item>
        </Descriptions>
        {o.updatedAt && (
          <Typography.Paragraph type="secondary" style={{ marginBlockStart: 8, marginBlockEnd: 0 }}>
            {t`Last changed ${format.dateTime(o.updatedAt)}`}
          </Typography.Paragraph>
        )}
      </Card>
      <Card title={t`Default sender`} data-testid="default-sender">
        {o.sender ? (
          <Descriptions column={{ xs: 1, md: 2 }} bordered size="middle">
            <Descriptions.Item label={t`Sender name`}>{o.sender.contact}</Descriptions.Item>
            <Descriptions.Item label={t`Phone`}>
              <span dir="ltr">{o.sender.phone}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t`Region`} span={2}>
              {o.sender.regionNames.join(' / ')}
            </Descriptions.Item>
            <Descriptions.Item label={t`Address`}>{typed(o.sender.address)}</Descriptions.Item>
            <Descriptions.Item label={t`Post code`}>{o.sender.postCode || <NotSet />}</Descriptions.Item>
          </Descriptions>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t`No default sender yet`} />
        )}
      </Card>
      <CustomerAddresses />
      {o.editable && <SubAccounts />}
    </Flex>
  );
}

function channelName(o: CustomerOptions): string | undefined {
  const c = o.channels.find((ch) => ch.recId === o.defaultChannelId);
  return c && named(c.name, c.code);
}

function NotSet() {
  const { t } = useLingui();
  return <Tag>{t`Not set`}</Tag>;
}
