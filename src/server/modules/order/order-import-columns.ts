import { z } from 'zod';
import { orderImportMessages as mi } from '../../../shared/i18n/order-import-messages.ts';
import type { ImportColumn } from '../../files/import.ts';

/**
 * The columns of the order import file, in template order. One row per goods line: the rows that
 * share a customer order no are one order, whose order columns come from its first row.
 */
export const ORDER_IMPORT_COLUMNS = [
  { key: 'customerNo', header: mi.colCustomerNo, width: 18 },
  { key: 'channel', header: mi.colChannel, width: 20 },
  { key: 'consigneeName', header: mi.colConsigneeName, width: 18 },
  { key: 'consigneePhone', header: mi.colConsigneePhone, width: 18 },
  { key: 'consigneePhone2', header: mi.colConsigneePhone2, width: 16 },
  { key: 'consigneeEmail', header: mi.colConsigneeEmail, width: 22 },
  { key: 'country', header: mi.colCountry, width: 14 },
  { key: 'province', header: mi.colProvince, width: 16 },
  { key: 'city', header: mi.colCity, width: 14 },
  { key: 'district', header: mi.colDistrict, width: 14 },
  { key: 'address', header: mi.colAddress, width: 32 },
  { key: 'postcode', header: mi.colPostcode, width: 10 },
  { key: 'packingType', header: mi.colPackingType, width: 12 },
  { key: 'packageCount', header: mi.colPackageCount, width: 12 },
  { key: 'weight', header: mi.colWeight, width: 12 },
  { key: 'length', header: mi.colLength, width: 12 },
  { key: 'width', header: mi.colWidth, width: 12 },
  { key: 'height', header: mi.colHeight, width: 12 },
  { key: 'cod', header: mi.colCod, width: 8 },
  { key: 'codAmount', header: mi.colCodAmount, width: 12 },
  { key: 'codCurrency', header: mi.colCodCurrency, width: 12 },
  { key: 'senderName', header: mi.colSenderName, width: 16 },
  { key: 'senderPhone', header: mi.colSenderPhone, width: 16 },
  { key: 'senderAddress', header: mi.colSenderAddress, width: 28 },
  { key: 'nameEn', header: mi.colNameEn, width: 24 },
  { key: 'nameCn', header: mi.colNameCn, width: 18 },
  { key: 'quantity', header: mi.colQuantity, width: 10 },
  { key: 'hsCode', header: mi.colHsCode, width: 12 },
  { key: 'unitPrice', header: mi.colUnitPrice, width: 12 },
  { key: 'currency', header: mi.colCurrency, width: 10 },
  { key: 'specification', header: mi.colSpecification, width: 20 },
  { key: 'remark', header: mi.colRemark, width: 24 },
] as const satisfies readonly ImportColumn[];

export type ColumnKey = (typeof ORDER_IMPORT_COLUMNS)[number]['key'];
export type OrderImportRow = Record<ColumnKey, string>;

/** The goods line's own columns; every other column (but the customer no) belongs to the order. */
export const GOODS_KEYS: readonly ColumnKey[] = [
  'nameEn',
  'nameCn',
  'quantity',
  'hsCode',
  'unitPrice',
  'currency',
  'specification',
];
export const ORDER_KEYS: readonly ColumnKey[] = ORDER_IMPORT_COLUMNS.map((c) => c.key).filter(
  (k) => k !== 'customerNo' && !GOODS_KEYS.includes(k),
);

/**
 * Columns that must have a value, starred in the template. The importer itself checks them per
 * order (an order's later rows leave its columns empty), so every problem of a file is reported
 * at once.
 */
export const MUST_FILL: readonly ColumnKey[] = [
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
];

const LONG: Partial<Record<ColumnKey, number>> = { address: 300, senderAddress: 300, remark: 500 };

/** Cells arrive trimmed; only their length is checked here, the rules run across the rows of an order. */
export const orderImportRow = z.object(
  Object.fromEntries(ORDER_IMPORT_COLUMNS.map((c) => [c.key, z.string().max(LONG[c.key] ?? 200)])) as Record<
    ColumnKey,
    z.ZodString
  >,
) as unknown as z.ZodType<OrderImportRow>;

const goodsExample = {
  customerNo: '',
  channel: '',
  consigneeName: '',
  consigneePhone: '',
  consigneePhone2: '',
  consigneeEmail: '',
  country: '',
  province: '',
  city: '',
  district: '',
  address: '',
  postcode: '',
  packingType: '',
  packageCount: '',
  weight: '',
  length: '',
  width: '',
  height: '',
  cod: '',
  codAmount: '',
  codCurrency: '',
  senderName: '',
  senderPhone: '',
  senderAddress: '',
  remark: '',
} satisfies Partial<OrderImportRow>;

/** Two example orders, the first with two goods lines (its second row names the order by its no only). */
export const ORDER_IMPORT_EXAMPLE: readonly OrderImportRow[] = [
  {
    ...goodsExample,
    customerNo: 'EXAMPLE-1001',
    channel: 'CN-SA-AIR-COD',
    consigneeName: 'Ahmed Al-Harbi',
    consigneePhone: '+966 50 123 4567',
    country: 'SA',
    province: 'Riyadh Province',
    city: 'Riyadh',
    district: 'Al Olaya',
    address: 'King Fahd Road 12, Building 7',
    postcode: '12214',
    packingType: '3',
    packageCount: '1',
    weight: '1.2',
    length: '30',
    width: '20',
    height: '10',
    cod: 'Y',
    codAmount: '199.00',
    codCurrency: 'SAR',
    nameEn: 'T-shirt',
    nameCn: 'T恤',
    quantity: '2',
    hsCode: '610910',
    unitPrice: '9.90',
    currency: 'USD',
    specification: 'Cotton, size M',
    remark: 'Call before delivery',
  },
  {
    ...goodsExample,
    customerNo: 'EXAMPLE-1001',
    nameEn: 'Phone case',
    nameCn: '手机壳',
    quantity: '1',
    hsCode: '392690',
    unitPrice: '3.50',
    currency: 'USD',
    specification: 'Silicone',
  },
  {
    ...goodsExample,
    customerNo: 'EXAMPLE-1002',
    channel: 'CN-AE-AIR',
    consigneeName: 'Fatima Al-Mansouri',
    consigneePhone: '+971 50 765 4321',
    country: 'United Arab Emirates',
    province: 'Dubai',
    city: 'Dubai',
    district: 'Deira',
    address: 'Al Rigga Street 5, Flat 302',
    packingType: '2',
    packageCount: '1',
    weight: '0.5',
    cod: 'N',
    nameEn: 'Scarf',
    nameCn: '围巾',
    quantity: '1',
    hsCode: '621410',
    unitPrice: '12.00',
    currency: 'USD',
    specification: 'Silk',
  },
];
