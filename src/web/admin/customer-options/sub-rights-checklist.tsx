import { Checkbox, Flex, Typography } from 'antd';
import { SUB_RIGHTS, type SubRight } from '../../../shared/domain/sub-rights.ts';
import { useSubRightLabels } from './sub-right-labels.ts';

/**
 * Every sub-account right with what it lets the sub-account do, ticked for those held; the rights
 * editor and the new sub-account dialog both use it (antd Form passes value and onChange).
 */
export function SubRightsChecklist({
  value = [],
  onChange,
}: {
  value?: SubRight[];
  onChange?: (rights: SubRight[]) => void;
}) {
  const labels = useSubRightLabels();
  return (
    <Checkbox.Group
      value={value}
      onChange={(v) => onChange?.(SUB_RIGHTS.filter((r) => v.includes(r)))}
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
  );
}
