import type { ManifestFormat } from '../../../shared/contract/lading.ts';
import { manifestMessages as m } from '../../../shared/i18n/manifest-messages.ts';
import type { Db } from '../../db/client.ts';
import type { FileResult } from '../../http/context.ts';
import { ladingManifest, type Manifest } from './manifest-data.ts';
import { type ManifestContext, manifestPdf } from './manifest-pdf.ts';
import { manifestXlsx } from './manifest-xlsx.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The manifest as a download: "Handover manifest <no>.pdf" or ".xlsx", in the caller's language. */
export async function manifestFile(
  manifest: Manifest,
  format: ManifestFormat,
  c: ManifestContext,
  now = new Date(),
): Promise<FileResult & { body: Buffer }> {
  const name = c.t(m.file, { no: manifest.no });
  return format === 'pdf'
    ? {
        filename: `${name}.pdf`,
        contentType: 'application/pdf',
        body: Buffer.from(await manifestPdf(manifest, c, now)),
      }
    : { filename: `${name}.xlsx`, contentType: XLSX, body: await manifestXlsx(manifest, c, now) };
}

/** lading/manifest/{id}: a picked-up bill's manifest (404 no such bill, 409 not picked up). */
export async function ladingManifestFile(db: Db, id: number, format: ManifestFormat, c: ManifestContext) {
  return manifestFile(await ladingManifest(db, id, c.t, c.locale), format, c);
}

/** Both files of a bill's manifest, for the lading mail (made once, at the same moment). */
export async function ladingManifestFiles(db: Db, id: number, c: ManifestContext) {
  const manifest = await ladingManifest(db, id, c.t, c.locale);
  const now = new Date();
  return [await manifestFile(manifest, 'pdf', c, now), await manifestFile(manifest, 'xlsx', c, now)];
}
