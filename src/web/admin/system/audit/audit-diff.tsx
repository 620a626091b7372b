import { useLingui } from '@lingui/react/macro';
import { Typography, theme } from 'antd';
import type { CSSProperties } from 'react';
import type { AuditRecord } from '../../../../shared/contract/audit.ts';
import { useFormat } from '../../kit/use-format.ts';
import { type AuditValue, auditValue, diffLines } from './audit-values.ts';

const MONO: CSSProperties = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 12 };

/**
 * The diff of one audit entry, a line per field that changed: the field, its value before and
 * after, the old struck through on red and the new on green. A create has no before, a delete no
 * after: a dash.
 */
export function AuditDiff({ entry }: { entry: Pick<AuditRecord, 'recId' | 'before' | 'after'> }) {
  const { t } = useLingui();
  const { token } = theme.useToken();
  const lines = diffLines(entry);
  const id = entry.recId;
  if (lines.length === 0)
    return (
      <Typography.Text type="secondary">{t`No field values were recorded for this change`}</Typography.Text>
    );
  const cell: CSSProperties = {
    paddingBlock: 6,
    paddingInline: 12,
    borderBlockEnd: `1px solid ${token.colorBorderSecondary}`,
    textAlign: 'start',
    verticalAlign: 'top',
  };
  const head: CSSProperties = { ...cell, background: token.colorFillAlter, fontWeight: 600 };
  return (
    <table
      data-testid="audit-diff"
      aria-label={t`Changes of entry ${id}`}
      style={{ borderCollapse: 'collapse', inlineSize: '100%', maxInlineSize: 1100 }}
    >
      <thead>
        <tr>
          <th scope="col" style={{ ...head, inlineSize: '20%' }}>{t`Field`}</th>
          <th scope="col" style={{ ...head, inlineSize: '40%' }}>{t`Value before`}</th>
          <th scope="col" style={{ ...head, inlineSize: '40%' }}>{t`Value after`}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l) => (
          <tr key={l.field} data-field={l.field}>
            <th scope="row" style={{ ...cell, fontWeight: 'normal' }}>
              <span dir="ltr" style={MONO}>
                {l.field}
              </span>
            </th>
            <td style={{ ...cell, background: l.before === undefined ? undefined : token.colorErrorBg }}>
              <ValueView value={auditValue(l.before)} />
            </td>
            <td style={{ ...cell, background: l.after === undefined ? undefined : token.colorSuccessBg }}>
              <ValueView value={auditValue(l.after)} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A value of the diff, readable: see audit-values.ts. */
function ValueView({ value }: { value: AuditValue }) {
  const { t } = useLingui();
  const f = useFormat();
  switch (value.kind) {
    case 'none':
      return <Typography.Text type="secondary">—</Typography.Text>;
    case 'yes':
      return t`Yes`;
    case 'no':
      return t`No`;
    case 'number':
      return <span dir="ltr">{value.text}</span>;
    case 'time':
      return f.dateTimeSeconds(value.iso);
    case 'text':
      return <bdi style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{value.text}</bdi>;
    case 'list':
      return (
        <span style={{ overflowWrap: 'anywhere' }}>
          {value.items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a list may repeat a value; its place is its identity
            <span key={i}>
              {i > 0 && ', '}
              <bdi>{item}</bdi>
            </span>
          ))}
        </span>
      );
    case 'json':
      return (
        <pre dir="ltr" style={{ ...MONO, margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {value.text}
        </pre>
      );
  }
}
