interface ImportMetaEnv {
  /** Overrides the API base (default `/api/common/v1`), e.g. when the API lives on another path. */
  readonly VITE_API_BASE?: string;
}

declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

/** A part of a catalogue: the PDA's messages or the rest (scripts/vite-surface-catalogs.ts). */
declare module '*.po?surface=pda' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
declare module '*.po?surface=desk' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
