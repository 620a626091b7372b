import { msg } from '@lingui/core/macro';

/**
 * The installed app's own texts. scripts/vite-web-manifests.ts writes them into the web app
 * manifests of each language, found in the catalogues by their source text (the shortcuts reuse
 * the scan tasks' titles, src/web/pda/scan-tasks.tsx); this module only has them extracted.
 * A text changed here must change there too: the build stops on one the catalogue lacks.
 */
export const INSTALL_TEXTS = [
  msg`Parcel Back Office`,
  msg`Parcel`,
  msg`Parcel PDA`,
  msg`Cross-border parcel back office and PDA scanning`,
  msg`Scan parcels into bills and batches, offline too`,
] as const;
