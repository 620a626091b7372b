import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { RegionLevel } from '../../../shared/contract/region.ts';
import { Enabled } from '../../../shared/domain/enums.ts';

export const LEVEL_LABELS: Record<number, MessageDescriptor> = {
  [RegionLevel.country]: msg`Country`,
  [RegionLevel.province]: msg`Province`,
  [RegionLevel.city]: msg`City`,
  [RegionLevel.district]: msg`District`,
};

export const LEVEL_COLORS: Record<number, string> = {
  [RegionLevel.country]: 'geekblue',
  [RegionLevel.province]: 'cyan',
  [RegionLevel.city]: 'green',
  [RegionLevel.district]: 'default',
};

export const REGION_STATUS_LABELS: Record<number, MessageDescriptor> = {
  [Enabled.enabled]: msg`Enabled`,
  [Enabled.disabled]: msg`Disabled`,
};
