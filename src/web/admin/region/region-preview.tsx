import { Trans, useLingui } from '@lingui/react/macro';
import { Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { RegionCascader, type RegionNode } from './region-cascader.tsx';

/**
 * The address selector exactly as order entry and the address forms show it (enabled regions
 * only), so the effect of enabling or disabling a region can be checked at once.
 */
export function RegionPreview() {
  const { t } = useLingui();
  const [value, setValue] = useState<number[] | undefined>();
  const [path, setPath] = useState<RegionNode[]>([]);
  return (
    <Card size="small" title={t`Address selector preview`} data-testid="region-preview">
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">
          <Trans>What order entry and address forms offer: enabled regions only.</Trans>
        </Typography.Text>
        <RegionCascader
          data-testid="region-preview-cascader"
          aria-label={t`Address selector preview`}
          changeOnSelect
          style={{ inlineSize: '100%' }}
          value={value}
          onChange={(next, chosen) => {
            setValue(next);
            setPath(chosen);
          }}
        />
        {path.length > 0 && (
          <Typography.Text code data-testid="region-preview-codes">
            {path.map((p) => p.code).join(' › ')}
          </Typography.Text>
        )}
      </Flex>
    </Card>
  );
}
