import { CopyOutlined } from '@ant-design/icons';
import { useLingui } from '@lingui/react/macro';
import { Alert, App, Button, Flex, Modal, Typography } from 'antd';

/**
 * A secret the server answers once (an API key's `pbo_…`, an endpoint's `whsec_…`): shown with a
 * copy button and the warning that it will not be shown again. It closes only through its button,
 * and leaves the page with it.
 */
export function SecretModal({
  secret,
  title,
  hint,
  onClose,
}: {
  secret: string | null;
  title: string;
  hint: string;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const { message } = App.useApp();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret ?? '');
      message.success(t`Copied`);
    } catch {
      message.warning(t`Copying is not allowed here: select the secret and copy it yourself.`);
    }
  };
  return (
    <Modal
      open={secret !== null}
      title={title}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      destroyOnHidden
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose} data-testid="secret-done">
          {t`I have copied it`}
        </Button>
      }
      data-testid="secret-modal"
    >
      <Flex vertical gap={12}>
        <Alert
          type="warning"
          showIcon
          title={t`Copy it now: you will not see it again.`}
          description={hint}
        />
        <Flex gap={8} align="center">
          <Typography.Text
            code
            dir="ltr"
            style={{ wordBreak: 'break-all', flex: 1 }}
            data-testid="secret-value"
          >
            {secret}
          </Typography.Text>
          <Button icon={<CopyOutlined />} onClick={copy} data-testid="secret-copy">
            {t`Copy`}
          </Button>
        </Flex>
      </Flex>
    </Modal>
  );
}
