/**
 * A value placed inside a translated sentence: first strong isolate … pop directional isolate, so
 * in Arabic it keeps its own order, does not drag the words around it, and does not decide the
 * direction of a sentence shown with `dir="auto"` (a message that starts with a bill no is still
 * right-to-left).
 */
export const isolate = (v: string | null | undefined): string => `\u2068${v ?? ''}\u2069`;

/**
 * A file name shown left to right ("المناطق-20261207154002.xlsx"), each run of right-to-left
 * letters isolated: without it the digits after an Arabic name join its run and are shown before
 * it ("20261207154002-المناطق.xlsx").
 */
export const ltrFileName = (name: string): string =>
  name.replace(
    /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF][\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\s]*/g,
    (run) => isolate(run),
  );
