import { Input } from 'antd';
import { useState } from 'react';

/**
 * A number typed or scanned on the desk (a scanner's Enter sends it, as does the button): trimmed,
 * sent once at a time, cleared when `onScan` says it was taken, kept to correct when refused.
 */
export function ScanInput({
  label,
  placeholder,
  button,
  onScan,
  testId,
}: {
  label: string;
  placeholder: string;
  button: string;
  /** Resolves true when the number was taken. */
  onScan: (code: string) => Promise<boolean>;
  testId?: string;
}) {
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async (raw: string) => {
    const code = raw.trim();
    if (!code || busy) return;
    setBusy(true);
    try {
      if (await onScan(code)) setValue('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Input.Search
      aria-label={label}
      placeholder={placeholder}
      enterButton={button}
      value={value}
      loading={busy}
      maxLength={64}
      dir="ltr"
      style={{ maxInlineSize: 420 }}
      onChange={(e) => setValue(e.target.value)}
      onSearch={(v) => void send(v)}
      data-testid={testId}
    />
  );
}
