import { LoadingOutlined } from '@ant-design/icons';
import { Input, type InputRef } from 'antd';
import { useEffect, useRef, useState } from 'react';

/**
 * A number typed or scanned on the desk (a scanner's Enter sends it, as does the button): trimmed
 * and taken from the field at once, so the next scan starts on an empty field even while this one
 * is being answered; the numbers are sent one at a time in the order scanned (none is dropped).
 * A refused number comes back into the field, selected, to correct or to be replaced by the next
 * scan, unless something is being typed there already. The field keeps the focus after each scan
 * (the button too gives it back), and keys typed on the bare page go to it: a wedge scanner types
 * wherever the focus is. With `holdFocus` (a screen that only scans), clicking the bare page does
 * not take the focus from it either.
 */
export function ScanInput({
  label,
  placeholder,
  button,
  onScan,
  testId,
  holdFocus,
}: {
  label: string;
  placeholder: string;
  button: string;
  /** Resolves true when the number was taken. */
  onScan: (code: string) => Promise<boolean>;
  testId?: string;
  holdFocus?: boolean;
}) {
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const input = useRef<InputRef>(null);
  const queue = useRef<string[]>([]);
  const draining = useRef(false);
  const latest = useRef(onScan);
  latest.current = onScan;
  const focus = () => input.current?.focus();

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const idle = !document.activeElement || document.activeElement === document.body;
      if (idle && e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) input.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const drain = async () => {
    if (draining.current) return;
    draining.current = true;
    setBusy(true);
    try {
      for (let code = queue.current.shift(); code !== undefined; code = queue.current.shift()) {
        const refused = code;
        const taken = await latest.current(code).catch(() => false);
        if (!taken) {
          setValue((v) => (v === '' ? refused : v));
          requestAnimationFrame(() => input.current?.select());
        }
      }
    } finally {
      draining.current = false;
      setBusy(false);
    }
  };
  const send = (raw: string) => {
    const code = raw.trim();
    if (!code) return;
    setValue('');
    focus();
    queue.current.push(code);
    void drain();
  };
  return (
    <Input.Search
      ref={input}
      aria-label={label}
      autoFocus={holdFocus}
      autoComplete="off"
      spellCheck={false}
      placeholder={placeholder}
      enterButton={button}
      value={value}
      // Not `loading`: a Search that is loading ignores Enter, which lost the scans made meanwhile.
      // The spinner stays mounted (a suffix coming and going would take the focus away).
      suffix={<LoadingOutlined aria-hidden style={{ visibility: busy ? 'visible' : 'hidden' }} />}
      maxLength={64}
      dir="ltr"
      style={{ maxInlineSize: 420 }}
      onChange={(e) => setValue(e.target.value)}
      onBlur={(e) => {
        if (holdFocus && !e.relatedTarget) setTimeout(focus, 0);
      }}
      onSearch={(v) => send(v)}
      data-testid={testId}
    />
  );
}
