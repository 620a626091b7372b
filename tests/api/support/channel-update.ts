import type { ChannelDetail } from '../../../src/shared/contract/shipping.ts';

/**
 * The body of shipping/update that saves a channel as it is (what the channel screen sends), with
 * `changes` on top: shipping/update replaces the carriers, price rules and limits with what it gets.
 */
export function channelAsItIs(c: ChannelDetail, changes: Record<string, unknown> = {}) {
  return {
    recId: c.recId,
    code: c.code,
    name: c.name,
    nameEn: c.nameEn,
    serviceType: c.serviceType,
    segments: c.segments,
    countryId: c.countryId,
    volumeDivisor: c.volumeDivisor,
    ladingType: c.ladingType,
    status: c.status,
    remark: c.remark,
    carrierIds: c.carriers.map((k) => k.recId),
    prices: c.prices.map((p) => ({
      countryId: p.countryId,
      currency: p.currency,
      firstWeight: p.firstWeight,
      firstPrice: p.firstPrice,
      stepWeight: p.stepWeight,
      stepPrice: p.stepPrice,
      codFeeRate: p.codFeeRate,
      minCodFee: p.minCodFee,
    })),
    ...changes,
  };
}
