import { useLingui } from '@lingui/react/macro';
import { Button, Toast } from 'konsta/react';
import { useEffect, useState } from 'react';
import { setNotifier } from '../api/handlers.ts';

/** Spec 8/9: a failed call's message shows for 5 seconds and can be closed. */
const TOAST_MS = 5_000;

/** Shows the messages of failed calls on the PDA (the desk shows them as Ant Design toasts). */
export function PdaToasts() {
  const { t } = useLingui();
  const [message, setMessage] = useState<{ text: string; at: number } | undefined>();

  useEffect(() => setNotifier((text) => setMessage({ text, at: Date.now() })), []);

  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(undefined), TOAST_MS);
    return () => clearTimeout(timer);
  }, [message]);

  return (
    <Toast
      opened={message !== undefined}
      position="center"
      role="alert"
      button={
        <Button clear inline className="min-h-12 min-w-12" onClick={() => setMessage(undefined)}>
          {t`Close`}
        </Button>
      }
    >
      <span className="shrink">{message?.text}</span>
    </Toast>
  );
}
