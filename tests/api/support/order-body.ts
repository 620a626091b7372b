/**
 * The order body the order, staff-order and COD tests enter: a COD order of 199.00 SAR to Riyadh
 * (Olaya), 1 kg, two T-shirts, on the channel the caller names (the demo customer's COD channel,
 * CN-SA-AIR-COD). One builder, so the three worlds that enter it cannot drift apart.
 */

/** The consignee's region chain, country to district, by region code. */
export const RIYADH = ['SA', 'SA-RI', 'SA-RI-RUH', 'SA-RI-RUH-OL'] as const;

export const T_SHIRT = { nameEn: 'T-shirt', nameCn: 'T恤', quantity: 2, hsCode: '610910', unitPrice: '9.90' };
export const CAP = { nameEn: 'Cap', nameCn: '帽子', quantity: 1, hsCode: '650500', unitPrice: '5.00' };

export interface RiyadhCodOrderOptions {
  /** Set for staff, who enter an order for a customer; a customer's own order leaves it out. */
  customerId?: number | undefined;
  /** false: a prepaid order (no COD amount or currency sent). */
  cod?: boolean;
  /** Replaces the consignee's address, or adds a postcode. */
  consignee?: { address?: string; postcode?: string };
  goods?: (typeof T_SHIRT)[];
}

/**
 * The body. `region` is the world's region ids by code, read when the body is built (in a test,
 * after the world's `beforeAll` has filled it).
 */
export const riyadhCodOrder = (
  region: Record<string, number>,
  channelId: number | undefined,
  { customerId, cod = true, consignee = {}, goods = [T_SHIRT] }: RiyadhCodOrderOptions = {},
) => ({
  ...(customerId === undefined ? {} : { customerId }),
  channelId,
  consignee: {
    name: 'Ahmed Al-Harbi',
    phone: '+966 50 123 4567',
    regionIds: RIYADH.map((c) => region[c]!),
    address: 'King Fahd Road 12',
    ...consignee,
  },
  weight: '1.000',
  ...(cod ? { isCod: true, codAmount: '199.00', codCurrency: 'SAR' } : { isCod: false }),
  goods: goods.map((g) => ({ ...g })),
});
