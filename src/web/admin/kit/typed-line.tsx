import { Typography } from 'antd';
import { TYPED_BLOCK } from '../../ui/bidi.tsx';

/**
 * Text a person typed (a remark, an address) on one line of a list cell, cut with an ellipsis at
 * its own end and whole in a tooltip, read in its own direction whatever the page's; a dash when
 * there is none.
 */
export function TypedLine({
  text,
  maxInlineSize,
  secondary = false,
}: {
  text: string | null | undefined;
  maxInlineSize?: number;
  secondary?: boolean;
}) {
  if (!text) return '—';
  return (
    <Typography.Text
      type={secondary ? 'secondary' : undefined}
      ellipsis={{ tooltip: text }}
      style={{ ...TYPED_BLOCK, maxInlineSize }}
    >
      {text}
    </Typography.Text>
  );
}
