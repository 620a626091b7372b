import { Fragment } from 'react';

/** Between the parts of a bill's line. */
const SEPARATOR = ' · ';

/**
 * What identifies a bill besides its number (pda.ts: channel, country, carrier, ...), each part
 * isolated in its own direction: an English channel name beside an Arabic country name keeps the
 * parts' order right to left on an Arabic screen. It wraps to a second line before it is cut: cut
 * on one line, a long English channel name on an Arabic screen lost its first words, where the line
 * ends.
 */
export function BillLine({ line }: { line: readonly string[] }) {
  return (
    <span className="line-clamp-2 text-sm text-black/60" data-testid="bill-line">
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
