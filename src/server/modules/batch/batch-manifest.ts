import { eq } from 'drizzle-orm';
import type { ManifestFormat } from '../../../shared/contract/lading.ts';
import type { Locale } from '../../../shared/domain/enums.ts';
import { PickupStatus } from '../../../shared/domain/lading.ts';
import { manifestMessages as m } from '../../../shared/i18n/manifest-messages.ts';
import type { Db } from '../../db/client.ts';
import { batches } from '../../db/schema/index.ts';
import { notFound, rule } from '../../http/errors.ts';
import type { Translate } from '../../i18n.ts';
import { person } from '../bill/bill-read.ts';
import { type Manifest, manifestParcels } from '../lading/manifest-data.ts';
import { manifestFile } from '../lading/manifest-file.ts';
import type { ManifestContext } from '../lading/manifest-pdf.ts';
import { batchLadings, selectBatches } from './batch-read.ts';

const distinct = (values: (string | null | undefined)[]) =>
  [...new Set(values.filter((v): v is string => !!v))].join(', ');

/**
 * A picked-up batch's handover manifest: the parcels of its lading bills, each with its bill; the
 * carrier is the batch's first carrier, else its bills' carriers. 404 no such batch, 409 not picked up.
 */
export async function batchManifest(db: Db, id: number, t: Translate, locale: Locale): Promise<Manifest> {
  const [r] = await selectBatches(db).where(eq(batches.id, id));
  if (!r) throw notFound();
  const b = r.b;
  if (b.pickupStatus !== PickupStatus.pickedUp || !b.pickedUpAt) throw rule(m.notPickedUp, { no: b.batchNo });
  const bills = await batchLadings(db, b, t, locale);
  const { parcels, totals } = await manifestParcels(
    db,
    bills.map((l) => l.recId),
  );
  return {
    kind: 'batch',
    no: b.batchNo,
    airlineBillNo: b.airlineBillNo || null,
    carrier: b.firstCarrier || distinct(bills.map((l) => l.carrierName)),
    channel: distinct(bills.map((l) => `${l.channelCode} ${l.channelName}`)),
    destination: distinct([b.destinationPort, ...bills.map((l) => l.countryName)]),
    pickedUpAt: b.pickedUpAt,
    pickedUpBy: person(r.pickerNick, r.pickerUser),
    parcels,
    totals,
  };
}

/** batch/manifest/{id} */
export async function batchManifestFile(db: Db, id: number, format: ManifestFormat, c: ManifestContext) {
  return manifestFile(await batchManifest(db, id, c.t, c.locale), format, c);
}
