import { Card, Flex } from 'antd';
import type { ReactNode } from 'react';

/** The frame of a system screen: the filters above, the list with its title and actions below. */
export function ListFrame({
  testId,
  title,
  filters,
  actions,
  children,
}: {
  testId: string;
  title: ReactNode;
  filters?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Flex vertical gap={16} data-testid={testId}>
      {filters && <Card size="small">{filters}</Card>}
      <Card title={title} extra={actions} styles={{ body: { paddingBlockStart: 0 } }}>
        {children}
      </Card>
    </Flex>
  );
}
