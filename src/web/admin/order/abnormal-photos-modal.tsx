import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import type { AbnormalListRecord } from '../../../shared/contract/order-staff.ts';
import { orderKeys, orderMutations } from '../../api/queries/order.ts';
import { ImageUpload } from '../kit/image-upload.tsx';

/**
 * The photos of one abnormal mark (a damaged parcel, a wrong label), pending or handled: added
 * through the cropper, previewed, removed, then saved on the mark.
 */
export function AbnormalPhotosModal({
  mark,
  onClose,
}: {
  mark: AbnormalListRecord | null;
  onClose: () => void;
}) {
  const { t } = useLingui();
  return (
    <Modal
      open={mark !== null}
      title={t`Photos`}
      footer={null}
      destroyOnHidden
      onCancel={onClose}
      width={640}
    >
      {mark && <PhotosForm mark={mark} onClose={onClose} />}
    </Modal>
  );
}

function PhotosForm({ mark, onClose }: { mark: AbnormalListRecord; onClose: () => void }) {
  const { t } = useLingui();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [urls, setUrls] = useState(mark.images);
  const save = useMutation({
    ...orderMutations.abnormalImages(),
    onSuccess: async () => {
      message.success(t`Photos saved`);
      onClose();
      await queryClient.invalidateQueries({ queryKey: orderKeys.orders() });
    },
  });
  const no = mark.trackingNo;
  const kind = mark.kindName;
  return (
    <>
      <Typography.Paragraph>{t`${kind} of order ${no}`}</Typography.Paragraph>
      <ImageUpload value={urls} onChange={setUrls} testId="abnormal-photos" />
      <Flex justify="end" gap={8} style={{ marginBlockStart: 16 }}>
        <Button onClick={onClose}>{t`Cancel`}</Button>
        <Button
          type="primary"
          data-testid="abnormal-photos-save"
          loading={save.isPending}
          onClick={() => save.mutate({ id: mark.recId, images: urls })}
        >
          {t`Save`}
        </Button>
      </Flex>
    </>
  );
}
