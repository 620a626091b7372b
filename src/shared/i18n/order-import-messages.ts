import type { MessageDescriptor } from './messages.ts';

/**
 * The order import (order/importOrder): its template's column headers, which the importer also
 * reads back in any of the three languages, and the reasons a row is refused. The packing type
 * names are shared with the entry screens.
 */
export const orderImportMessages = {
  title: /*i18n*/ { id: 'orderImport.title', message: 'Order import template' },

  colCustomerNo: /*i18n*/ { id: 'orderImport.col.customerNo', message: 'Customer order no' },
  colChannel: /*i18n*/ { id: 'orderImport.col.channel', message: 'Shipping channel code' },
  colConsigneeName: /*i18n*/ { id: 'orderImport.col.consigneeName', message: 'Consignee name' },
  colConsigneePhone: /*i18n*/ { id: 'orderImport.col.consigneePhone', message: 'Consignee phone' },
  colConsigneePhone2: /*i18n*/ { id: 'orderImport.col.consigneePhone2', message: 'Alternate phone' },
  colConsigneeEmail: /*i18n*/ { id: 'orderImport.col.consigneeEmail', message: 'Consignee e-mail' },
  colCountry: /*i18n*/ { id: 'orderImport.col.country', message: 'Country' },
  colProvince: /*i18n*/ { id: 'orderImport.col.province', message: 'Province' },
  colCity: /*i18n*/ { id: 'orderImport.col.city', message: 'City' },
  colDistrict: /*i18n*/ { id: 'orderImport.col.district', message: 'District' },
  colAddress: /*i18n*/ { id: 'orderImport.col.address', message: 'Address' },
  colPostcode: /*i18n*/ { id: 'orderImport.col.postcode', message: 'Post code' },
  colPackingType: /*i18n*/ { id: 'orderImport.col.packingType', message: 'Packing type' },
  colPackageCount: /*i18n*/ { id: 'orderImport.col.packageCount', message: 'Package count' },
  colWeight: /*i18n*/ { id: 'orderImport.col.weight', message: 'Weight (kg)' },
  colLength: /*i18n*/ { id: 'orderImport.col.length', message: 'Length (cm)' },
  colWidth: /*i18n*/ { id: 'orderImport.col.width', message: 'Width (cm)' },
  colHeight: /*i18n*/ { id: 'orderImport.col.height', message: 'Height (cm)' },
  colCod: /*i18n*/ { id: 'orderImport.col.cod', message: 'COD' },
  colCodAmount: /*i18n*/ { id: 'orderImport.col.codAmount', message: 'COD amount' },
  colCodCurrency: /*i18n*/ { id: 'orderImport.col.codCurrency', message: 'COD currency' },
  colSenderName: /*i18n*/ { id: 'orderImport.col.senderName', message: 'Sender name' },
  colSenderPhone: /*i18n*/ { id: 'orderImport.col.senderPhone', message: 'Sender phone' },
  colSenderAddress: /*i18n*/ { id: 'orderImport.col.senderAddress', message: 'Sender address' },
  colNameEn: /*i18n*/ { id: 'orderImport.col.nameEn', message: 'Goods name (English)' },
  colNameCn: /*i18n*/ { id: 'orderImport.col.nameCn', message: 'Goods name (Chinese)' },
  colQuantity: /*i18n*/ { id: 'orderImport.col.quantity', message: 'Quantity' },
  colHsCode: /*i18n*/ { id: 'orderImport.col.hsCode', message: 'HS code' },
  colUnitPrice: /*i18n*/ { id: 'orderImport.col.unitPrice', message: 'Unit price' },
  colCurrency: /*i18n*/ { id: 'orderImport.col.currency', message: 'Currency' },
  colSpecification: /*i18n*/ { id: 'orderImport.col.specification', message: 'Specification' },
  colRemark: /*i18n*/ { id: 'orderImport.col.remark', message: 'Remark' },

  packing1: /*i18n*/ { id: 'order.packing.envelope', message: 'Envelope' },
  packing2: /*i18n*/ { id: 'order.packing.packBag', message: 'Pack bag' },
  packing3: /*i18n*/ { id: 'order.packing.own', message: 'Own packaging' },

  differsFromOrder: /*i18n*/ {
    id: 'orderImport.differsFromOrder',
    message: 'Differs from row {row} of the same order: leave it empty or repeat the same value',
  },
  tooManyGoods: /*i18n*/ {
    id: 'orderImport.tooManyGoods',
    message: 'An order has at most {max} goods lines',
  },
  channelUnknown: /*i18n*/ {
    id: 'orderImport.channelUnknown',
    message: 'No enabled shipping channel has the code {channel}',
  },
  countryUnknown: /*i18n*/ {
    id: 'orderImport.countryUnknown',
    message: 'No country {name} in the region list',
  },
  regionUnknown: /*i18n*/ {
    id: 'orderImport.regionUnknown',
    message: 'No region {name} under {parent} in the region list',
  },
  regionMissing: /*i18n*/ {
    id: 'orderImport.regionMissing',
    message: 'Give the region under {parent}: the address goes down to the city at least',
  },
  yesNoInvalid: /*i18n*/ { id: 'orderImport.yesNoInvalid', message: 'Enter Y (yes) or N (no)' },
  packingTypeInvalid: /*i18n*/ {
    id: 'orderImport.packingTypeInvalid',
    message: 'Enter 1 (envelope), 2 (pack bag) or 3 (own packaging)',
  },
  emailInvalid: /*i18n*/ { id: 'orderImport.emailInvalid', message: 'Enter a correct e-mail address' },
  templateUnknown: /*i18n*/ { id: 'orderImport.templateUnknown', message: 'No template has this name' },
} satisfies Record<string, MessageDescriptor>;
