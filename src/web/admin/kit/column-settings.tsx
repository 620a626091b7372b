import { ArrowDownOutlined, ArrowUpOutlined, ColumnHeightOutlined, SettingOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { Button, Checkbox, Dropdown, Flex, Popover, Space, Tooltip, Typography } from 'antd';
import { adjustable, arrangeColumns, columnKey, movedOrder } from './columns.ts';
import type { Density, ListSettings } from './list-settings.ts';

interface Col {
  key?: string | undefined;
  dataIndex?: unknown;
  title: string;
  fixed?: unknown;
}

/** The density switch and the column settings of a kit table, kept per user (list-settings.ts). */
export function TableSettings({
  columns,
  settings,
  onChange,
  testId,
}: {
  columns: readonly Col[];
  settings: ListSettings;
  onChange: (change: Partial<ListSettings>) => void;
  testId: string;
}) {
  const { t } = useLingui();
  const density = settings.density ?? 'middle';
  const names: Record<Density, string> = { small: t`Compact`, middle: t`Default`, large: t`Comfortable` };
  return (
    <Space size={4}>
      <Dropdown
        trigger={['click']}
        menu={{
          selectable: true,
          selectedKeys: [density],
          items: (Object.keys(names) as Density[]).map((d) => ({ key: d, label: names[d] })),
          onClick: ({ key }) => onChange({ density: key as Density }),
        }}
      >
        <Tooltip title={t`Density`}>
          <Button
            type="text"
            icon={<ColumnHeightOutlined />}
            aria-label={t`Density`}
            data-testid={`${testId}-density`}
          />
        </Tooltip>
      </Dropdown>
      <Popover
        trigger="click"
        placement="bottomRight"
        title={t`Columns`}
        content={<ColumnList columns={columns} settings={settings} onChange={onChange} testId={testId} />}
      >
        <Tooltip title={t`Column settings`}>
          <Button
            type="text"
            icon={<SettingOutlined />}
            aria-label={t`Column settings`}
            data-testid={`${testId}-columns`}
          />
        </Tooltip>
      </Popover>
    </Space>
  );
}

function ColumnList({
  columns,
  settings,
  onChange,
  testId,
}: {
  columns: readonly Col[];
  settings: ListSettings;
  onChange: (change: Partial<ListSettings>) => void;
  testId: string;
}) {
  const { t } = useLingui();
  const hidden = new Set(settings.hidden ?? []);
  const movable = arrangeColumns(columns, { order: settings.order }).filter(adjustable);
  const toggle = (key: string, shown: boolean) => {
    const next = new Set(hidden);
    if (shown) next.delete(key);
    else next.add(key);
    onChange({ hidden: [...next] });
  };
  const move = (key: string, step: -1 | 1) => onChange({ order: movedOrder(columns, settings, key, step) });
  return (
    <Flex
      vertical
      gap={2}
      style={{ minInlineSize: 220, maxBlockSize: 420, overflowY: 'auto' }}
      data-testid={`${testId}-column-list`}
    >
      {movable.map((c, i) => (
        <Flex key={columnKey(c)} align="center" justify="space-between" gap={8}>
          <Checkbox
            checked={!hidden.has(columnKey(c))}
            onChange={(e) => toggle(columnKey(c), e.target.checked)}
          >
            {c.title}
          </Checkbox>
          <Space size={0}>
            <Button
              type="text"
              size="small"
              icon={<ArrowUpOutlined />}
              disabled={i === 0}
              aria-label={t`Move ${c.title} up`}
              onClick={() => move(columnKey(c), -1)}
            />
            <Button
              type="text"
              size="small"
              icon={<ArrowDownOutlined />}
              disabled={i === movable.length - 1}
              aria-label={t`Move ${c.title} down`}
              onClick={() => move(columnKey(c), 1)}
            />
          </Space>
        </Flex>
      ))}
      <Flex justify="end" style={{ paddingBlockStart: 8 }}>
        <Typography.Link onClick={() => onChange({ hidden: undefined, order: undefined })}>
          {t`Reset columns`}
        </Typography.Link>
      </Flex>
    </Flex>
  );
}
