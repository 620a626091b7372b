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

/**
 * A value that may be empty, left to right: a number, code or phone keeps its order on an Arabic
 * page ("+966 50 123 4567"); an empty one is a dash.
 */
export const ltr = (v: string | null | undefined): ReactNode => (v ? <span dir="ltr">{v}</span> : '—');

/**
 * Text a person typed, in whichever script (a name, an address, a remark, a goods line's
 * specification): isolated, its direction taken from its first letter, so "9591 Olaya Street" or
 * "500 ml" keep their order on an Arabic page and an Arabic address keeps its own on an English
 * one. An empty one is a dash.
 */
export const typed = (v: string | null | undefined): ReactNode => (v ? <bdi>{v}</bdi> : '—');

/**
 * The style of a block that holds nothing but typed text (a line of a list cell cut with an
 * ellipsis): each of its lines reads in the direction of its first letter, aligned as the page, so
 * a Latin address cut short on an Arabic page loses its end, not its beginning (an isolated run
 * inside the block would overflow at the page's end instead).
 */
export const TYPED_BLOCK: CSSProperties = { unicodeBidi: 'plaintext' };

/** The same as Ltr for a value placed inside a translated sentence (a string, not an element). */
export { isolate } from '../../shared/i18n/bidi.ts';
