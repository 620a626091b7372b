import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { confirmAddressBody, OriginDetail } from '../../../shared/contract/origin-order.ts';
import { Enabled, type Locale } from '../../../shared/domain/enums.ts';
import { ConfirmState, UploadState } from '../../../shared/domain/origin-order.ts';
import { orderMessages } from '../../../shared/i18n/order-messages.ts';
import { originOrderMessages as m } from '../../../shared/i18n/origin-order-messages.ts';
import type { Db } from '../../db/client.ts';
import { originOrders } from '../../db/schema/index.ts';
import type { AuthUser } from '../../http/context.ts';
import { notFound, rule } from '../../http/errors.ts';
import type { Translate } from '../../i18n.ts';
import { consigneeChain } from '../order/order-create-entry.ts';
import { invalidFields } from '../order-core/order-store.ts';
import { regionChain } from '../region/region.service.ts';
import { matchRegions } from './origin-address.ts';
import { originDetail } from './origin-detail.service.ts';
import type { OriginRow } from './origin-read.ts';

type ConfirmBody = z.output<typeof confirmAddressBody>;

async function lockForEdit(tx: Db, id: number): Promise<OriginRow> {
  const [row] = await tx.select().from(originOrders).where(eq(originOrders.id, id)).for('update');
  if (!row) throw notFound();
  if (row.uploadState === UploadState.uploaded)
    throw rule(m.alreadyUploadedLocked, { no: row.platformOrderNo });
  return row;
}

/**
 * Confirms the receiver address: the operator's region path, or the raw text's match. Either must
 * be a path order/create accepts for a consignee (one enabled chain down to the city, or to the
 * deepest level the country has), so an uploaded order never fails on its address.
 */
export async function confirmReceiver(
  db: Db,
  user: AuthUser,
  body: ConfirmBody,
  t: Translate,
  locale: Locale,
): Promise<OriginDetail> {
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const row = await lockForEdit(tx, body.id);
    const ids =
      body.regionIds ??
      (await matchRegions(tx, row.receiverCountry, [
        row.receiverProvince,
        row.receiverCity,
        row.receiverDistrict,
      ]));
    const chain = ids.length ? await consigneeChain(tx, ids) : null;
    if (!chain)
      throw invalidFields([
        { path: 'regionIds', descriptor: body.regionIds ? orderMessages.regionInvalid : m.addressUnresolved },
      ]);
    const at = (level: number) => chain.find((r) => r.level === level)?.id ?? null;
    await tx
      .update(originOrders)
      .set({
        receiverCountryId: at(0),
        receiverProvinceId: at(1),
        receiverCityId: at(2),
        receiverDistrictId: at(3),
        receiverConfirmState: ConfirmState.confirmed,
        receiverConfirmedAt: new Date(),
        receiverConfirmedBy: user.id,
        ...(body.address ? { receiverAddress: body.address } : {}),
        updatedAt: new Date(),
      })
      .where(eq(originOrders.id, row.id));
  });
  return originDetail(db, body.id, t, locale);
}

/** Confirms the sender address: an enabled region path from the country down (the raw text's match by default). */
export async function confirmSender(
  db: Db,
  user: AuthUser,
  body: ConfirmBody,
  t: Translate,
  locale: Locale,
): Promise<OriginDetail> {
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const row = await lockForEdit(tx, body.id);
    const ids =
      body.regionIds ?? (await matchRegions(tx, row.senderCountry, [row.senderProvince, row.senderCity]));
    const deepest = ids[ids.length - 1];
    const chain = deepest === undefined ? [] : await regionChain(tx, deepest);
    const valid =
      chain.length === ids.length &&
      chain.every((r, i) => r.id === ids[i]) &&
      chain[0]?.level === 0 &&
      chain.every((r) => r.status === Enabled.enabled);
    if (!valid)
      throw invalidFields([
        { path: 'regionIds', descriptor: body.regionIds ? m.senderRegionInvalid : m.addressUnresolved },
      ]);
    await tx
      .update(originOrders)
      .set({
        senderRegionId: deepest!,
        senderConfirmState: ConfirmState.confirmed,
        senderConfirmedAt: new Date(),
        senderConfirmedBy: user.id,
        ...(body.address ? { senderAddress: body.address } : {}),
        updatedAt: new Date(),
      })
      .where(eq(originOrders.id, row.id));
  });
  return originDetail(db, body.id, t, locale);
}
