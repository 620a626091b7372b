import { Trans } from '@lingui/react/macro';
import { Card, Typography } from 'antd';
import { useSession } from '../session/store.ts';

export function AdminHome() {
  const session = useSession();
  const name = session?.user.nickname || session?.user.username;
  return (
    <Card>
      <Typography.Title level={2}>
        <Trans>Welcome</Trans>
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        <Trans>You are signed in as {name}.</Trans>
      </Typography.Paragraph>
    </Card>
  );
}
