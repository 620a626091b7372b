import { useLingui } from '@lingui/react/macro';
import { Flex, Space, Typography } from 'antd';
import type { ReactNode } from 'react';

/**
 * The toolbar above a list's table: how many rows are selected (`prompt` while none is), the
 * operations on them, then the file actions (imports, exports) at the end; `children` are the
 * dialogs the operations open.
 */
export function SelectionToolbar({
  testId,
  count,
  prompt,
  operations,
  files,
  children,
}: {
  /** The test id of the selection count ("package-selected"). */
  testId: string;
  count: number;
  prompt: string;
  operations: ReactNode;
  files: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <Flex wrap gap={8} justify="space-between" align="center" style={{ paddingBlock: 12 }}>
      <Space wrap>
        <Typography.Text type="secondary" data-testid={testId}>
          {count === 0 ? prompt : t`${count} selected`}
        </Typography.Text>
        {operations}
      </Space>
      <Space wrap>{files}</Space>
      {children}
    </Flex>
  );
}
