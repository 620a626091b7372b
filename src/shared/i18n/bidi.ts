/**
 * A value placed inside a translated sentence: first strong isolate … pop directional isolate, so
 * in Arabic it keeps its own order, does not drag the words around it, and does not decide the
 * direction of a sentence shown with `dir="auto"` (a message that starts with a bill no is still
 * right-to-left).
 */
export const isolate = (v: string | null | undefined): string => `\u2068${v ?? ''}\u2069`;
