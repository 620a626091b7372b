import { Fragment } from 'react';

/** Between the parts of a bill's line. */
const SEPARATOR = ' · ';

/**
 * What identifies a bill besides its number (pda.ts: channel, country, carrier, ...), each part
 * isolated in the screen's direction: an English channel name beside an Arabic country name keeps
 * the parts' order right to left on an Arabic screen, and the line is cut at its end, not its start.
 */
export function BillLine({ line, className }: { line: readonly string[]; className: string }) {
  return (
    <span className={className} data-testid="bill-line">
      {line.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one line, in their order
        <Fragment key={i}>
          {i > 0 && SEPARATOR}
          <bdi>{part}</bdi>
        </Fragment>
      ))}
    </span>
  );
}
