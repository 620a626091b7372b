import { PlusOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { App, Modal, Upload, type UploadFile } from 'antd';
import ImgCrop from 'antd-img-crop';
import { useRef, useState } from 'react';
import { MAX_RECORD_IMAGES } from '../../../shared/contract/image.ts';
import { uploadImage } from '../../api/queries/image.ts';
import { isAcceptedImage, MIN_CROP_SIZE, toUploadJpeg } from './image-fit.ts';

export interface ImageUploadProps {
  /** The photos' URLs (image/upload's answers), in order: a form control's value. */
  value?: string[] | undefined;
  onChange?: (urls: string[]) => void;
  /** At most this many photos (the server keeps at most 9 on a record). */
  max?: number;
  testId?: string;
}

const itemOf = (url: string, i: number): UploadFile => ({
  uid: url,
  name: url.slice(url.lastIndexOf('/') + 1) || `photo-${i + 1}`,
  status: 'done',
  url,
  thumbUrl: url,
});

/**
 * Photos of a record, uploaded through the cropper (spec: maximum image size 2000, minimum crop
 * size 10, output type jpeg): a picked PNG, JPEG, GIF or WebP opens the crop dialog; the crop is
 * scaled down so its longer side is at most 2000 pixels, refused under 10 pixels on a side, and
 * sent as a JPEG to image/upload. Shows the photos as thumbnails, each with a preview and a remove
 * button. A form control: `value` and `onChange` carry the URLs the record keeps.
 */
export function ImageUpload({ value, onChange, max = MAX_RECORD_IMAGES, testId }: ImageUploadProps) {
  const { t } = useLingui();
  const { message } = App.useApp();
  const urls = value ?? [];
  const latest = useRef(urls);
  latest.current = urls;
  const [pending, setPending] = useState<UploadFile[]>([]);
  const [preview, setPreview] = useState<string | null>(null);

  const refuseType = () => {
    message.error(t`Choose a PNG, JPEG, GIF or WebP image`);
    return false;
  };

  return (
    <div data-testid={testId}>
      <ImgCrop
        quality={0.92}
        rotationSlider
        aspectSlider
        showReset
        resetText={t`Reset`}
        modalTitle={t`Crop the photo`}
        modalOk={t`Crop and upload`}
        modalCancel={t`Cancel`}
        beforeCrop={(file) => isAcceptedImage(file) || refuseType()}
      >
        <Upload
          accept="image/png,image/jpeg,image/gif,image/webp"
          listType="picture-card"
          fileList={[...urls.map(itemOf), ...pending]}
          beforeUpload={async (file) => {
            if (!isAcceptedImage(file)) return Upload.LIST_IGNORE;
            const jpeg = await toUploadJpeg(file, file.name);
            if (jpeg !== 'tooSmall') return jpeg;
            message.error(
              t`The crop is smaller than ${MIN_CROP_SIZE} pixels on a side: choose a larger area`,
            );
            return Upload.LIST_IGNORE;
          }}
          customRequest={({ file, onSuccess, onError }) => {
            const f = file as File & { uid: string };
            setPending((p) => [...p, { uid: f.uid, name: f.name, status: 'uploading' }]);
            uploadImage(f)
              .then((stored) => {
                onChange?.([...latest.current, stored.url]);
                onSuccess?.(stored);
              })
              .catch((e: Error) => onError?.(e))
              .finally(() => setPending((p) => p.filter((x) => x.uid !== f.uid)));
          }}
          onRemove={(file) => {
            onChange?.(latest.current.filter((u) => u !== file.url));
            return false;
          }}
          onPreview={(file) => setPreview(file.url ?? null)}
          showUploadList={{ showPreviewIcon: true, showRemoveIcon: true }}
        >
          {urls.length + pending.length < max && (
            <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }}>
              <PlusOutlined />
              <div style={{ marginBlockStart: 8 }}>{t`Add a photo`}</div>
            </button>
          )}
        </Upload>
      </ImgCrop>
      <Modal
        open={preview !== null}
        footer={null}
        title={t`Preview`}
        onCancel={() => setPreview(null)}
        width={720}
      >
        {preview && <img alt={t`Preview`} src={preview} style={{ inlineSize: '100%' }} />}
      </Modal>
    </div>
  );
}
