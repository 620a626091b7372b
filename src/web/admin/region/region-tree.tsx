import { useLingui } from '@lingui/react/macro';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { Empty, Spin, Tag, Tree, type TreeDataNode } from 'antd';
import { type Key, useState } from 'react';
import type { RegionRecord } from '../../../shared/contract/region.ts';
import { Enabled } from '../../../shared/domain/enums.ts';
import { regionQueries } from '../../api/queries/region.ts';

/** A tree level holds at most this many regions; the list on the right pages through more. */
const BRANCH_SIZE = 500;
const branch = (parentId: number) => regionQueries.list({ parentId, pageNo: 1, pageSize: BRANCH_SIZE });

/**
 * Every region (disabled ones too, marked), country first, opened level by level. Choosing one
 * lists its children on the right.
 */
export function RegionTree({
  selected,
  onSelect,
}: {
  selected: number | undefined;
  onSelect: (region: RegionRecord | undefined) => void;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [expanded, setExpanded] = useState<Key[]>([]);
  const [opened, setOpened] = useState<number[]>([]);
  const roots = useQuery(regionQueries.list({ level: 0, pageNo: 1, pageSize: BRANCH_SIZE }));
  const branches = useQueries({ queries: opened.map((id) => branch(id)) });
  const childrenOf = new Map(opened.map((id, i) => [id, branches[i]?.data?.records]));
  const byKey = new Map<number, RegionRecord>();

  const build = (records: RegionRecord[]): TreeDataNode[] =>
    records.map((r) => {
      byKey.set(r.recId, r);
      const kids = childrenOf.get(r.recId);
      return {
        key: r.recId,
        isLeaf: !r.hasChildren,
        title: (
          <span data-testid={`region-node-${r.code}`}>
            {r.name} <span style={{ opacity: 0.55 }}>{r.code}</span>
            {r.status === Enabled.disabled && (
              <Tag style={{ marginInlineStart: 6 }} color="default">
                {t`Disabled`}
              </Tag>
            )}
          </span>
        ),
        children: kids ? build(kids) : undefined,
      };
    });
  const treeData = build(roots.data?.records ?? []);

  if (roots.isLoading) return <Spin />;
  if (treeData.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Tree
      blockNode
      showLine
      treeData={treeData}
      expandedKeys={expanded}
      onExpand={(keys) => setExpanded(keys)}
      selectedKeys={selected === undefined ? [] : [selected]}
      loadData={async (node) => {
        const id = Number(node.key);
        // Resolved once the children are in the cache, so the tree opens on them.
        await queryClient.fetchQuery(branch(id)).catch(() => undefined);
        setOpened((ids) => (ids.includes(id) ? ids : [...ids, id]));
      }}
      onSelect={(keys) => onSelect(keys.length ? byKey.get(Number(keys[0])) : undefined)}
      style={{ maxBlockSize: 520, overflow: 'auto' }}
    />
  );
}
