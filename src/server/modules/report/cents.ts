/** Exact money arithmetic on decimal strings (2 places), in cents as bigint: never a float. */

export const toCents = (amount: string): bigint => {
  const [whole, frac = ''] = amount.replace('-', '').split('.');
  const c = BigInt(whole!) * 100n + BigInt(`${frac}00`.slice(0, 2));
  return amount.startsWith('-') ? -c : c;
};
export const fromCents = (c: bigint): string => {
  const abs = c < 0n ? -c : c;
  return `${c < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};
