import { useLingui } from '@lingui/react/macro';
import { Image, Space } from 'antd';

/**
 * A record's photos as small thumbnails that open a preview (with the others to page through);
 * nothing when there are none.
 */
export function ImageThumbs({
  urls,
  size = 40,
  testId,
}: {
  urls: readonly string[];
  size?: number;
  testId?: string;
}) {
  const { t } = useLingui();
  if (!urls.length) return null;
  return (
    <Image.PreviewGroup>
      <Space size={4} wrap data-testid={testId}>
        {urls.map((url, i) => (
          <Image
            key={url}
            src={url}
            width={size}
            height={size}
            alt={t`Photo ${i + 1}`}
            style={{ objectFit: 'cover', borderRadius: 4 }}
          />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}
