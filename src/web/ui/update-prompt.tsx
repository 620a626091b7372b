import { Trans, useLingui } from '@lingui/react/macro';
import { App, Button, Space } from 'antd';
import { useEffect, useState } from 'react';
import { usePwaUpdate } from '../pwa.ts';

const KEY = 'pwa-update';

/**
 * The desk's offer of a new app version, as an Ant Design notification that stays until the user
 * answers: "Reload" applies it, closing it leaves the old version running (the new one starts
 * when every tab of the app has closed). Mount once inside the AntdProvider (it needs `App`).
 */
export function UpdatePrompt() {
  const { t } = useLingui();
  const { notification } = App.useApp();
  const { updateReady, applying, accept } = usePwaUpdate();
  const [dismissed, setDismissed] = useState(false);
  const open = (updateReady || applying) && !dismissed;

  useEffect(() => {
    if (!open) {
      notification.destroy(KEY);
      return;
    }
    notification.info({
      key: KEY,
      title: t`A new version of the app is ready`,
      description: <Trans>Reload to start using it. Unsaved input on this page will be lost.</Trans>,
      duration: 0,
      closable: true,
      onClose: () => setDismissed(true),
      actions: (
        <Space>
          <Button onClick={() => setDismissed(true)}>{t`Later`}</Button>
          <Button type="primary" loading={applying} onClick={() => accept()} data-testid="update-accept">
            {t`Reload`}
          </Button>
        </Space>
      ),
    });
  }, [open, applying, accept, notification, t]);

  return null;
}
