import type { ReactNode } from 'react';

/**
 * Values on a page that may be right to left (Arabic). A number, code or phone is written left to
 * right whatever the page's direction: "+966 50 123 4567" stays in its order on an Arabic page.
 */
export const ltr = (v: string | null | undefined): ReactNode => (v ? <span dir="ltr">{v}</span> : '—');

/**
 * Text a person typed, in whichever script (a name, an address, a goods line's specification):
 * isolated, its direction taken from its first letter, so "9591 Olaya Street" or "500 ml" keep
 * their order on an Arabic page and an Arabic address keeps its own on an English one.
 */
export const typed = (v: string | null | undefined): ReactNode => (v ? <bdi>{v}</bdi> : '—');
