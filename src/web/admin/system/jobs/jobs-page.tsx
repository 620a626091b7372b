import { ReloadOutlined } from '@ant-design/icons';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { App, Button, Flex, Segmented, Select, Space, Tag, Tooltip, Typography } from 'antd';
import type {
  JobQueueRecord,
  JobRecord,
  JobScheduleRecord,
  JobState,
} from '../../../../shared/contract/job.ts';
import { useCan } from '../../../session/permissions.ts';
import type { KitColumns } from '../../kit/columns.ts';
import { ListFrame } from '../../kit/list-frame.tsx';
import { ListTable } from '../../kit/list-table.tsx';
import { compact, DEFAULT_PAGE_SIZE } from '../../kit/search.ts';
import { useFormat } from '../../kit/use-format.ts';
import { jobKeys, jobMutations, jobQueries } from './jobs-queries.ts';
import { DEFAULT_JOB_STATE, jobList } from './jobs-search.ts';
import { QUEUE_LABELS } from './queue-labels.ts';

const routeApi = getRouteApi('/_desk/admin/system/jobs');

/** The states the jobs list shows, in the order of its switch; failed first seen. */
const LISTED_STATES: JobState[] = ['failed', 'retry', 'active', 'created', 'completed'];

export const JOB_STATE_LABELS: Record<JobState, MessageDescriptor> = {
  created: msg`Queued`,
  retry: msg`Waiting to retry`,
  active: msg`Running`,
  completed: msg`Completed`,
  cancelled: msg`Cancelled`,
  failed: msg`Failed`,
};

const STATE_COLORS: Record<JobState, string> = {
  created: 'default',
  retry: 'warning',
  active: 'processing',
  completed: 'success',
  cancelled: 'default',
  failed: 'error',
};

/** A job's state now can be retried at once: failed, waiting out its backoff, or deferred. */
const RETRYABLE = new Set<JobState>(['failed', 'retry', 'created']);

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 12 } as const;

/**
 * /admin/system/jobs: the job engine for administrators — its queues with the jobs waiting,
 * running and failed; the scheduled jobs with their cron, next and last run; and its jobs by
 * state with their error and "Retry now". Read again every few seconds.
 */
export function JobsPage() {
  const { t, i18n } = useLingui();
  const f = useFormat();
  const { message } = App.useApp();
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const queryClient = useQueryClient();
  const canRetry = useCan('job:retry');
  const pageNo = search.pageNo ?? 1;
  const pageSize = search.pageSize ?? DEFAULT_PAGE_SIZE;
  const state = search.state ?? DEFAULT_JOB_STATE;

  const queues = useQuery(jobQueries.queues());
  const schedules = useQuery(jobQueries.schedules());
  const list = useQuery(jobList.query(jobList.deps(search)));
  const retry = useMutation({
    ...jobMutations.retry(),
    onSuccess: async () => {
      message.success(t`Queued again: the job runs at the next poll`);
      await queryClient.invalidateQueries({ queryKey: jobKeys.all() });
    },
  });

  const queueName = (name: string) => {
    const label = QUEUE_LABELS[name];
    return (
      <Flex vertical gap={0}>
        <span>{label ? i18n._(label) : name}</span>
        {label && (
          <Typography.Text type="secondary" style={mono} dir="ltr">
            {name}
          </Typography.Text>
        )}
      </Flex>
    );
  };
  const stateTag = (s: JobState) => <Tag color={STATE_COLORS[s]}>{i18n._(JOB_STATE_LABELS[s])}</Tag>;
  const count = (n: number, color?: string) =>
    n > 0 && color ? <Tag color={color}>{f.count(n)}</Tag> : f.count(n);
  const errorText = (error: string | null) =>
    error ? (
      <Typography.Text type="danger" style={{ maxWidth: 420 }} ellipsis={{ tooltip: error }} dir="auto">
        {error}
      </Typography.Text>
    ) : (
      '—'
    );
  const refresh = (
    <Button
      icon={<ReloadOutlined />}
      onClick={() => queryClient.invalidateQueries({ queryKey: jobKeys.all() })}
    >
      {t`Refresh`}
    </Button>
  );

  const queueColumns: KitColumns<JobQueueRecord> = [
    { title: t`Queue`, dataIndex: 'name', fixed: 'start', render: queueName },
    { title: t`Waiting`, dataIndex: 'ready', align: 'end', render: (n: number) => count(n, 'blue') },
    {
      title: t`Deferred`,
      dataIndex: 'deferred',
      align: 'end',
      render: (n: number) => (
        <Tooltip title={t`Waiting for a later start or for the backoff of a retry`}>{count(n)}</Tooltip>
      ),
    },
    { title: t`Running`, dataIndex: 'active', align: 'end', render: (n: number) => count(n, 'processing') },
    { title: t`Failed`, dataIndex: 'failed', align: 'end', render: (n: number) => count(n, 'error') },
    { title: t`Kept`, dataIndex: 'total', align: 'end', render: (n: number) => f.count(n) },
    {
      title: t`Attempts`,
      key: 'attempts',
      align: 'end',
      render: (_, q) => f.count(q.retryLimit + 1),
    },
    {
      title: t`Retry delay`,
      key: 'delay',
      render: (_, q) => {
        const seconds = f.count(q.retryDelaySeconds);
        if (q.retryLimit === 0) return '—';
        return q.retryBackoff ? t`${seconds} s, doubling` : t`${seconds} s`;
      },
    },
    { title: t`Policy`, dataIndex: 'policy', render: (p: string) => <span style={mono}>{p}</span> },
  ];

  const scheduleColumns: KitColumns<JobScheduleRecord> = [
    { title: t`Queue`, dataIndex: 'name', fixed: 'start', render: queueName },
    {
      title: t`Schedule`,
      dataIndex: 'cron',
      render: (cron: string, s) => (
        <Space size={4} wrap>
          <Typography.Text code dir="ltr">
            {cron}
          </Typography.Text>
          <Typography.Text type="secondary">{s.timeZone}</Typography.Text>
          {!s.registered && (
            <Tooltip title={t`No process that runs jobs has started with this schedule yet`}>
              <Tag color="warning">{t`Not registered`}</Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    { title: t`Next run`, dataIndex: 'nextRunAt', render: f.dateTime },
    {
      title: t`Last run`,
      key: 'lastRun',
      render: (_, s) =>
        s.lastRun ? (
          <Space size={4} wrap>
            {stateTag(s.lastRun.state)}
            <span>
              {f.dateTimeSeconds(s.lastRun.completedOn ?? s.lastRun.startedOn ?? s.lastRun.createdOn)}
            </span>
          </Space>
        ) : (
          t`Not yet`
        ),
    },
    { title: t`Error`, key: 'error', render: (_, s) => errorText(s.lastRun?.error ?? null) },
  ];

  const jobColumns: KitColumns<JobRecord> = [
    { title: t`Queue`, dataIndex: 'queue', fixed: 'start', render: queueName },
    { title: t`State`, dataIndex: 'state', render: stateTag },
    {
      title: t`Attempts`,
      key: 'attempts',
      align: 'end',
      render: (_, j) => {
        const made = f.count(j.attempts);
        const max = f.count(j.maxAttempts);
        return t`${made} of ${max}`;
      },
    },
    { title: t`Error`, dataIndex: 'error', render: errorText },
    { title: t`Created`, dataIndex: 'createdOn', render: f.dateTimeSeconds },
    { title: t`Started`, dataIndex: 'startedOn', render: f.dateTimeSeconds },
    {
      title: t`Next attempt`,
      dataIndex: 'startAfter',
      render: (at: string, j) => (j.state === 'retry' || j.state === 'created' ? f.dateTimeSeconds(at) : '—'),
    },
    { title: t`Finished`, dataIndex: 'completedOn', render: f.dateTimeSeconds },
    {
      title: t`Data`,
      dataIndex: 'data',
      render: (data: string) => (
        <Typography.Text style={{ ...mono, maxWidth: 220 }} ellipsis={{ tooltip: data }} dir="ltr">
          {data}
        </Typography.Text>
      ),
    },
    {
      title: t`Job id`,
      dataIndex: 'id',
      render: (id: string) => (
        <Typography.Text style={mono} copyable={{ text: id }} dir="ltr">
          {id.slice(0, 8)}
        </Typography.Text>
      ),
    },
  ];
  if (canRetry)
    jobColumns.push({
      title: t`Actions`,
      key: 'actions',
      fixed: 'end',
      render: (_, j) =>
        RETRYABLE.has(j.state) ? (
          <Button
            type="link"
            size="small"
            loading={retry.isPending && retry.variables?.id === j.id}
            // A refusal was already shown by the API core.
            onClick={() => retry.mutateAsync({ id: j.id, queue: j.queue }).catch(() => undefined)}
          >
            {t`Retry now`}
          </Button>
        ) : null,
    });

  const queueOptions = (queues.data?.records ?? []).map((q) => ({
    value: q.name,
    label: QUEUE_LABELS[q.name] ? i18n._(QUEUE_LABELS[q.name]!) : q.name,
  }));

  return (
    <Flex vertical gap={16} data-testid="system-jobs">
      <ListFrame testId="job-queues" title={t`Queues`} actions={refresh}>
        <ListTable<JobQueueRecord>
          listKey="job-queues"
          testId="job-queue-table"
          rowKey="name"
          columns={queueColumns}
          answer={queues.data && { records: queues.data.records, total: queues.data.records.length }}
          loading={queues.isLoading}
          pageNo={1}
          pageSize={100}
          onChange={() => undefined}
          pageSizes={[100]}
          empty={t`No queues`}
        />
      </ListFrame>
      <ListFrame testId="job-schedules" title={t`Scheduled jobs`}>
        <ListTable<JobScheduleRecord>
          listKey="job-schedules"
          testId="job-schedule-table"
          rowKey="name"
          columns={scheduleColumns}
          answer={schedules.data && { records: schedules.data.records, total: schedules.data.records.length }}
          loading={schedules.isLoading}
          pageNo={1}
          pageSize={100}
          onChange={() => undefined}
          pageSizes={[100]}
          empty={t`No scheduled jobs`}
        />
      </ListFrame>
      <ListFrame
        testId="job-list"
        title={t`Jobs`}
        filters={
          <Flex gap={12} wrap align="center">
            <Segmented<JobState>
              data-testid="job-state"
              value={state}
              options={LISTED_STATES.map((s) => ({ value: s, label: i18n._(JOB_STATE_LABELS[s]) }))}
              onChange={(next) =>
                navigate({ search: (prev) => compact({ ...prev, state: next, pageNo: undefined }) })
              }
            />
            <Select
              aria-label={t`Queue`}
              data-testid="job-queue-filter"
              allowClear
              placeholder={t`All queues`}
              style={{ minWidth: 220 }}
              value={search.queue}
              options={queueOptions}
              onChange={(queue?: string) =>
                navigate({ search: (prev) => compact({ ...prev, queue, pageNo: undefined }) })
              }
            />
          </Flex>
        }
      >
        <ListTable<JobRecord>
          listKey="job-list"
          testId="job-table"
          rowKey="id"
          columns={jobColumns}
          answer={list.data}
          loading={list.isFetching && !list.data}
          pageNo={pageNo}
          pageSize={pageSize}
          onChange={({ pageNo: next, pageSize: size }) =>
            navigate({ search: (prev) => ({ ...prev, pageNo: next, pageSize: size }) })
          }
          pageSizes={[10, 20, 50, 100]}
          empty={t`No jobs in this state`}
        />
      </ListFrame>
    </Flex>
  );
}
