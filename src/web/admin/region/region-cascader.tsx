import { useLingui } from '@lingui/react/macro';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Cascader } from 'antd';
import { type CSSProperties, useMemo, useState } from 'react';
import type { RegionOption } from '../../../shared/contract/region.ts';
import { regionQueries } from '../../api/queries/region.ts';
import { currentLocale } from '../../i18n.ts';

/** A node of the cascader: one region, its children once loaded. */
export interface RegionNode {
  value: number;
  label: string;
  code: string;
  level: number;
  postCode: string;
  isLeaf: boolean;
  children?: RegionNode[];
}

export interface RegionCascaderProps {
  /** The chosen path of region ids, country first (what a form stores). */
  value?: number[] | null;
  onChange?: (value: number[] | undefined, path: RegionNode[]) => void;
  /** The deepest level offered: 3 district (default), 2 city, 1 province, 0 country only. */
  maxLevel?: 0 | 1 | 2 | 3;
  /** Let any level be chosen, not only the deepest one (e.g. a filter by province). */
  changeOnSelect?: boolean;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  id?: string;
  style?: CSSProperties;
  status?: 'error' | 'warning';
  'aria-label'?: string;
  'data-testid'?: string;
}

const unique = (ids: number[]) => [...new Set(ids)];

/**
 * Country → province → city → district, loaded level by level from the address lookups (enabled
 * regions only, in the UI language). Children come from the query cache, so when a screen changes
 * a region (and invalidates the region queries) the open options follow. A `value` given from
 * outside (an address being edited) has the levels along its path loaded to show it.
 */
export function RegionCascader({
  value,
  onChange,
  maxLevel = 3,
  changeOnSelect,
  placeholder,
  disabled,
  allowClear = true,
  id,
  style,
  status,
  ...rest
}: RegionCascaderProps) {
  const { t } = useLingui();
  const locale = currentLocale();
  const [opened, setOpened] = useState<number[]>([]);
  const countries = useQuery(regionQueries.countries(locale));

  // The parents whose children are wanted: those opened, and those along the current value.
  const along = (value ?? []).slice(0, maxLevel);
  const wanted = unique([...along, ...opened]);
  const children = useQueries({
    queries: wanted.map((parentId) => regionQueries.children(locale, parentId)),
  });
  const loaded = new Map<number, RegionOption[] | undefined>(
    wanted.map((pid, i) => [pid, children[i]?.data]),
  );
  const fingerprint = wanted.map((pid, i) => `${pid}:${children[i]?.dataUpdatedAt ?? 0}`).join(',');

  // biome-ignore lint/correctness/useExhaustiveDependencies: the fingerprint stands for the loaded children
  const options = useMemo(() => {
    const build = (list: RegionOption[]): RegionNode[] =>
      list.map((o) => {
        const leaf = o.isLeaf || o.level >= maxLevel;
        const kids = leaf ? undefined : loaded.get(o.recId);
        return {
          value: o.recId,
          label: o.name,
          code: o.code,
          level: o.level,
          postCode: o.postCode,
          // Loaded and empty (its children were all disabled meanwhile): nothing more to open.
          isLeaf: leaf || kids?.length === 0,
          children: kids?.length ? build(kids) : undefined,
        };
      });
    return build(countries.data ?? []);
  }, [countries.data, fingerprint, maxLevel]);

  return (
    <Cascader<RegionNode>
      id={id}
      style={style}
      status={status}
      aria-label={rest['aria-label']}
      data-testid={rest['data-testid']}
      options={options}
      value={value ?? undefined}
      loading={countries.isLoading}
      disabled={disabled}
      allowClear={allowClear}
      changeOnSelect={changeOnSelect}
      placeholder={placeholder ?? t`Country / province / city / district`}
      showSearch={false}
      loadData={(path) => {
        const last = path[path.length - 1];
        if (last) setOpened((ids) => (ids.includes(last.value) ? ids : [...ids, last.value]));
      }}
      onChange={(next, path) => onChange?.(next as number[] | undefined, (path ?? []) as RegionNode[])}
    />
  );
}
