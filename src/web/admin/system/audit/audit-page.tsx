import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Flex, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import type { AuditRecord } from '../../../../shared/contract/audit.ts';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_LABELS,
  auditMessages,
} from '../../../../shared/i18n/audit-messages.ts';
import { auditMutations } from '../../../api/queries/audit.ts';
import { useCan } from '../../../session/permissions.ts';
import type { KitColumns } from '../../kit/columns.ts';
import { ExportAction } from '../../kit/export-action.tsx';
import { ListFrame } from '../../kit/list-frame.tsx';
import { ListTable } from '../../kit/list-table.tsx';
import { compact } from '../../kit/search.ts';
import { useFormat } from '../../kit/use-format.ts';
import { useListScreen } from '../../kit/use-list-screen.ts';
import { ACCOUNT_TYPE_LABELS } from '../labels.ts';
import { AuditDiff } from './audit-diff.tsx';
import { AuditFilters } from './audit-filters.tsx';
import { type AuditFilterValues, auditBodyOf, auditList } from './search.ts';

const routeApi = getRouteApi('/_desk/admin/system/audit');

const MONO = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 12 } as const;

const ACTION_COLORS: Record<string, string> = {
  create: 'green',
  update: 'blue',
  delete: 'red',
  password: 'orange',
};

/**
 * /admin/system/audit: the audit log, newest first — who changed what, when, from which address
 * and session; each entry opens to show its fields before and after. Filtered by who, the kind
 * of record, the record and a day range (kept in the URL); exported as an export task by those who
 * hold audit:export. The log itself is append-only: nothing here changes it.
 */
export function AuditPage() {
  const { t, i18n } = useLingui();
  const f = useFormat();
  const canExport = useCan('audit:export');
  const screen = useListScreen({
    route: routeApi,
    ...auditList,
    selectable: false,
  });
  const exportFile = useMutation(auditMutations.exportFile());
  const [open, setOpen] = useState<readonly number[]>([]);

  /** Every entry of one record, from a row's record id. */
  const historyOf = (r: AuditRecord) =>
    screen.onSearch({ entity: r.entity, recordId: r.recordId } satisfies AuditFilterValues);

  const columns: KitColumns<AuditRecord> = [
    {
      title: t`Time`,
      dataIndex: 'at',
      fixed: 'start',
      render: (at: string) => <span style={{ whiteSpace: 'nowrap' }}>{f.dateTimeSeconds(at)}</span>,
    },
    {
      title: t`Who`,
      key: 'actor',
      render: (_, r) => {
        const type = ACCOUNT_TYPE_LABELS[r.actorType];
        return r.actorType === 0 ? (
          <Typography.Text type="secondary">{i18n._(auditMessages.system)}</Typography.Text>
        ) : (
          <Flex vertical gap={0}>
            <bdi>
              <Typography.Text strong>{r.actorName}</Typography.Text>
            </bdi>
            {type && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {i18n._(type)}
              </Typography.Text>
            )}
          </Flex>
        );
      },
    },
    {
      title: t`Address`,
      dataIndex: 'ip',
      render: (ip: string) =>
        ip ? (
          <span dir="ltr" style={MONO}>
            {ip}
          </span>
        ) : (
          '—'
        ),
    },
    {
      title: t`Session`,
      dataIndex: 'sessionId',
      render: (id: string | null) =>
        id ? (
          <Tooltip title={<span dir="ltr">{id}</span>}>
            <Typography.Text style={MONO} dir="ltr" copyable={{ text: id }}>
              {id.slice(0, 8)}
            </Typography.Text>
          </Tooltip>
        ) : (
          '—'
        ),
    },
    {
      title: t({ message: `What`, context: `audit record kind` }),
      key: 'entity',
      render: (_, r) => {
        const what = i18n._(AUDIT_ENTITY_LABELS[r.entity]);
        const record = r.recordId;
        return (
          <Flex vertical gap={0}>
            <span>{what}</span>
            <Tooltip title={t`Every change of this record`}>
              <Typography.Link
                style={MONO}
                aria-label={t`Every change of ${what} ${record}`}
                data-testid="audit-record"
                onClick={(e) => {
                  e.stopPropagation();
                  historyOf(r);
                }}
              >
                <span dir="ltr">#{record}</span>
              </Typography.Link>
            </Tooltip>
          </Flex>
        );
      },
    },
    {
      title: t`Action`,
      dataIndex: 'action',
      render: (action: string) => {
        const label = AUDIT_ACTION_LABELS[action];
        return <Tag color={ACTION_COLORS[action] ?? 'default'}>{label ? i18n._(label) : action}</Tag>;
      },
    },
    {
      title: t`Fields`,
      key: 'fields',
      render: (_, r) => {
        const fields = [...new Set([...Object.keys(r.after), ...Object.keys(r.before)])].join(', ');
        return fields ? (
          <Typography.Text type="secondary" style={{ ...MONO, maxInlineSize: 260 }} ellipsis dir="ltr">
            {fields}
          </Typography.Text>
        ) : (
          '—'
        );
      },
    },
  ];

  return (
    <ListFrame
      testId="audit-page"
      title={t`Audit log`}
      filters={<AuditFilters value={screen.filters} onSearch={screen.onSearch} />}
      actions={
        canExport && (
          <ExportAction start={() => exportFile.mutateAsync(compact(auditBodyOf(screen.filters)))} />
        )
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginBlock: 12 }}>
        {t`Every administrative change, newest first. Open an entry to see each field before and after.`}
      </Typography.Paragraph>
      <ListTable<AuditRecord>
        listKey="audit"
        testId="audit-table"
        columns={columns}
        {...screen.table}
        empty={t`No changes recorded`}
        expandable={{
          expandedRowRender: (r) => <AuditDiff entry={r} />,
          expandedRowKeys: [...open],
          expandRowByClick: true,
          onExpandedRowsChange: (keys) => setOpen(keys.map(Number)),
        }}
      />
    </ListFrame>
  );
}
