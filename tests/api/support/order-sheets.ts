import { xlsxOf } from '../../support/files.ts';

/**
 * The order sheets of the order import's API tests (order-import.test.ts): the template's columns
 * with their English headers, and rows of orders and goods lines to build a file from.
 */

/** The template's columns by key, with their English headers (the importer reads any language). */
export const HEADERS = {
  customerNo: 'Customer order no',
  channel: 'Shipping channel code',
  consigneeName: 'Consignee name',
  consigneePhone: 'Consignee phone',
  consigneePhone2: 'Alternate phone',
  consigneeEmail: 'Consignee e-mail',
  country: 'Country',
  province: 'Province',
  city: 'City',
  district: 'District',
  address: 'Address',
  postcode: 'Post code',
  packingType: 'Packing type',
  packageCount: 'Package count',
  weight: 'Weight (kg)',
  length: 'Length (cm)',
  width: 'Width (cm)',
  height: 'Height (cm)',
  cod: 'COD',
  codAmount: 'COD amount',
  codCurrency: 'COD currency',
  senderName: 'Sender name',
  senderPhone: 'Sender phone',
  senderAddress: 'Sender address',
  nameEn: 'Goods name (English)',
  nameCn: 'Goods name (Chinese)',
  quantity: 'Quantity',
  hsCode: 'HS code',
  unitPrice: 'Unit price',
  currency: 'Currency',
  specification: 'Specification',
  remark: 'Remark',
} as const;
export type Key = keyof typeof HEADERS;
export type Cells = Partial<Record<Key, string>>;
export const KEYS = Object.keys(HEADERS) as Key[];
export const MUST = new Set<Key>([
  'customerNo',
  'channel',
  'consigneeName',
  'consigneePhone',
  'country',
  'address',
  'weight',
  'nameEn',
  'quantity',
  'unitPrice',
]);

/** One order's first row: a Riyadh COD parcel of the demo customer's default channel. */
export const orderRow = (no: string, more: Cells = {}): Cells => ({
  customerNo: no,
  channel: 'CN-SA-AIR-COD',
  consigneeName: 'Ahmed Al-Harbi',
  consigneePhone: '+966 50 123 4567',
  country: 'SA',
  province: 'Riyadh Province',
  city: 'Riyadh',
  district: 'Al Olaya',
  address: 'King Fahd Road 12',
  weight: '1.2',
  cod: 'Y',
  codAmount: '150',
  codCurrency: 'SAR',
  nameEn: 'T-shirt',
  nameCn: 'T恤',
  quantity: '2',
  hsCode: '610910',
  unitPrice: '9.9',
  ...more,
});
export const goodsRow = (no: string, more: Cells = {}): Cells => ({
  customerNo: no,
  nameEn: 'Phone case',
  quantity: '1',
  unitPrice: '3.5',
  ...more,
});
export const sheet = (rows: Cells[], headers: Record<Key, string> = HEADERS) =>
  xlsxOf([KEYS.map((k) => headers[k]), ...rows.map((r) => KEYS.map((k) => r[k] ?? ''))]);

/** `count` orders, every third with a second goods line. */
export const manyOrders = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => {
    const no = `${prefix}-${String(i + 1).padStart(3, '0')}`;
    return i % 3 === 0 ? [orderRow(no), goodsRow(no)] : [orderRow(no)];
  }).flat();
