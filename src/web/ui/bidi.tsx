import type { CSSProperties, ReactNode } from 'react';

/**
 * Figures in right-to-left text. Numbers, tracking nos, amounts with their currency, formulas
 * ("0.512 kg (÷6000)") and date ranges are left-to-right runs: set among Arabic words, their parts
 * (digits, units, operators, a currency code) are reordered by the bidi algorithm unless each is
 * isolated as one left-to-right run.
 */

/** A left-to-right run isolated from the text around it (the dir attribute isolates an inline element). */
export function Ltr({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return (
    <span dir="ltr" style={style}>
      {children}
    </span>
  );
}

/** The same for a value placed inside a translated sentence (a string, not an element). */
export { isolate } from '../../shared/i18n/bidi.ts';
