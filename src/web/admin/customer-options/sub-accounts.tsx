import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  type ButtonProps,
  Card,
  Checkbox,
  Empty,
  Flex,
  Modal,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import type { SubAccountRecord } from '../../../shared/contract/customer.ts';
import { SUB_RIGHTS, type SubRight } from '../../../shared/domain/sub-rights.ts';
import { customerKeys, customerMutations, customerQueries } from '../../api/queries/customer.ts';
import { useSubRightLabels } from './sub-right-labels.ts';

/**
 * The main account's sub-accounts and what each may do (issue 37 item 4): a right taken away hides
 * its screens and buttons from the sub-account and the server refuses its calls, from its next call.
 */
export function SubAccounts() {
  const { t } = useLingui();
  const labels = useSubRightLabels();
  const list = useQuery(customerQueries.subAccounts());
  const [editing, setEditing] = useState<SubAccountRecord | null>(null);

  const columns: TableColumnsType<SubAccountRecord> = [
    {
      title: t`Account`,
      key: 'account',
      render: (_, s) => (
        <>
          <span dir="ltr">{s.username}</span>
          {s.nickname && <Typography.Text type="secondary"> · {s.nickname}</Typography.Text>}
          {s.status !== 1 && <Tag style={{ marginInlineStart: 8 }}>{t`Disabled`}</Tag>}
        </>
      ),
    },
    {
      title: t`Rights`,
      key: 'rights',
      render: (_, s) =>
        s.rights.length ? (
          <Flex gap={4} wrap>
            {s.rights.map((r) => (
              <Tag key={r} color="blue">
                {labels[r].name}
              </Tag>
            ))}
          </Flex>
        ) : (
          <Typography.Text type="secondary">{t`Only read orders`}</Typography.Text>
        ),
    },
    {
      title: t`Actions`,
      key: 'actions',
      render: (_, s) => (
        <Button
          icon={<SafetyCertificateOutlined />}
          onClick={() => setEditing(s)}
          data-testid={`edit-rights-${s.username}`}
        >
          {t`Edit rights`}
        </Button>
      ),
    },
  ];

  return (
    <Card title={t`Sub-accounts`} data-testid="sub-accounts">
      <Typography.Paragraph type="secondary">
        {t`Decide what each sub-account may do. Every sub-account can read your orders; the rest only with the rights you give it.`}
      </Typography.Paragraph>
      <Table<SubAccountRecord>
        rowKey="recId"
        size="small"
        columns={columns}
        dataSource={list.data}
        loading={list.isFetching}
        pagination={false}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t`No sub-accounts`} />,
        }}
      />
      {editing && <RightsEditor account={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

function RightsEditor({ account, onClose }: { account: SubAccountRecord; onClose: () => void }) {
  const { t } = useLingui();
  const labels = useSubRightLabels();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [rights, setRights] = useState<SubRight[]>(account.rights);
  const username = account.username;
  const save = useMutation({
    ...customerMutations.saveSubRights(),
    onSuccess: async () => {
      message.success(t`Saved`);
      await queryClient.invalidateQueries({ queryKey: customerKeys.subAccounts() });
      onClose();
    },
  });
  return (
    <Modal
      open
      title={t`Rights of ${username}`}
      okText={t`Save`}
      cancelText={t`Cancel`}
      confirmLoading={save.isPending}
      onOk={() => save.mutate({ recId: account.recId, rights })}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'save-rights' } as ButtonProps}
    >
      <Checkbox.Group
        value={rights}
        onChange={(v) => setRights(SUB_RIGHTS.filter((r) => v.includes(r)))}
        style={{ width: '100%' }}
        data-testid="rights-editor"
      >
        <Flex vertical gap={12}>
          {SUB_RIGHTS.map((r) => (
            <Checkbox key={r} value={r} data-testid={`right-${r}`}>
              <Typography.Text strong>{labels[r].name}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{labels[r].hint}</Typography.Text>
            </Checkbox>
          ))}
        </Flex>
      </Checkbox.Group>
    </Modal>
  );
}
