import type { MessageDescriptor } from './messages.ts';
import { orderImportMessages } from './order-import-messages.ts';

/**
 * Messages of the staff side of orders: abnormal orders (departments, handling), the order
 * exports' titles and columns, the checked-weight and clearance imports.
 */
export const orderStaffMessages = {
  // responsible departments (spec 3: 0 none … 5 account manager)
  department0: /*i18n*/ { id: 'order.department.none', message: 'None' },
  department1: /*i18n*/ { id: 'order.department.finance', message: 'Finance' },
  department2: /*i18n*/ { id: 'order.department.customerService', message: 'Customer service' },
  department3: /*i18n*/ { id: 'order.department.warehouse', message: 'Warehouse' },
  department4: /*i18n*/ { id: 'order.department.business', message: 'Business' },
  department5: /*i18n*/ { id: 'order.department.accountManager', message: 'Account manager' },

  // handling states of an abnormal mark
  handling0: /*i18n*/ { id: 'order.handling.pending', message: 'Pending' },
  handling1: /*i18n*/ { id: 'order.handling.handled', message: 'Handled' },

  abnormalHandled: /*i18n*/ {
    id: 'order.abnormalAlreadyHandled',
    message: 'This abnormal mark of order {trackingNo} was already handled',
  },
  noCarrierStill: /*i18n*/ {
    id: 'order.abnormal.noCarrierStill',
    message:
      'Still no free carrier number for order {trackingNo}: import numbers into the pool or raise the volume limit',
  },
  handleRemarkRequired: /*i18n*/ {
    id: 'order.handleRemarkRequired',
    message: 'Write what was done about it',
  },

  // export titles
  exportOrders: /*i18n*/ { id: 'order.export.orders', message: 'Orders' },
  exportGoods: /*i18n*/ { id: 'order.export.goods', message: 'Order goods' },
  exportClearance: /*i18n*/ { id: 'order.export.clearance', message: 'Clearance data' },
  exportAbnormal: /*i18n*/ { id: 'order.export.abnormal', message: 'Abnormal orders' },

  // columns (exports, imports and templates)
  colTrackingNo: /*i18n*/ { id: 'order.col.trackingNo', message: 'Tracking no' },
  colCustomerNo: /*i18n*/ { id: 'order.col.customerNo', message: 'Customer order no' },
  colCustomerCode: /*i18n*/ { id: 'order.col.customerCode', message: 'Customer code' },
  colCustomerName: /*i18n*/ { id: 'order.col.customerName', message: 'Customer' },
  colChannel: /*i18n*/ { id: 'order.col.channel', message: 'Shipping channel' },
  colStatus: /*i18n*/ { id: 'order.col.status', message: 'Status' },
  colCheckStatus: /*i18n*/ { id: 'order.col.checkStatus', message: 'Check status' },
  colIntercept: /*i18n*/ { id: 'order.col.intercept', message: 'Interception' },
  colAbnormal: /*i18n*/ { id: 'order.col.abnormal', message: 'Abnormal' },
  colCarrier: /*i18n*/ { id: 'order.col.carrier', message: 'Carrier' },
  colCarrierTrackingNo: /*i18n*/ { id: 'order.col.carrierTrackingNo', message: 'Carrier tracking no' },
  colClearanceNo: /*i18n*/ { id: 'order.col.clearanceNo', message: 'Clearance no' },
  colSenderName: /*i18n*/ { id: 'order.col.senderName', message: 'Sender' },
  colSenderPhone: /*i18n*/ { id: 'order.col.senderPhone', message: 'Sender phone' },
  colSenderAddress: /*i18n*/ { id: 'order.col.senderAddress', message: 'Sender address' },
  colConsigneeName: /*i18n*/ { id: 'order.col.consigneeName', message: 'Consignee' },
  colConsigneePhone: /*i18n*/ { id: 'order.col.consigneePhone', message: 'Consignee phone' },
  colConsigneePhone2: /*i18n*/ { id: 'order.col.consigneePhone2', message: 'Alternate phone' },
  colCountry: /*i18n*/ { id: 'order.col.country', message: 'Destination country' },
  colProvince: /*i18n*/ { id: 'order.col.province', message: 'Province' },
  colCity: /*i18n*/ { id: 'order.col.city', message: 'City' },
  colAddress: /*i18n*/ { id: 'order.col.address', message: 'Consignee address' },
  colPostcode: /*i18n*/ { id: 'order.col.postcode', message: 'Post code' },
  colPackingType: /*i18n*/ { id: 'order.col.packingType', message: 'Packing' },
  colPackageCount: /*i18n*/ { id: 'order.col.packageCount', message: 'Packages' },
  colDeclaredWeight: /*i18n*/ { id: 'order.col.declaredWeight', message: 'Declared weight (kg)' },
  colCheckedWeight: /*i18n*/ { id: 'order.col.checkedWeight', message: 'Checked weight (kg)' },
  colVolumeWeight: /*i18n*/ { id: 'order.col.volumeWeight', message: 'Volume weight (kg)' },
  colChargeableWeight: /*i18n*/ { id: 'order.col.chargeableWeight', message: 'Chargeable weight (kg)' },
  colLength: /*i18n*/ { id: 'order.col.length', message: 'Length (cm)' },
  colWidth: /*i18n*/ { id: 'order.col.width', message: 'Width (cm)' },
  colHeight: /*i18n*/ { id: 'order.col.height', message: 'Height (cm)' },
  colWeight: /*i18n*/ { id: 'order.col.weight', message: 'Weight (kg)' },
  colCod: /*i18n*/ { id: 'order.col.cod', message: 'COD' },
  colCodAmount: /*i18n*/ { id: 'order.col.codAmount', message: 'COD amount' },
  colCodCurrency: /*i18n*/ { id: 'order.col.codCurrency', message: 'COD currency' },
  colPayment: /*i18n*/ { id: 'order.col.payment', message: 'Payment' },
  colCreatedBy: /*i18n*/ { id: 'order.col.createdBy', message: 'Creator' },
  colCreatedAt: /*i18n*/ { id: 'order.col.createdAt', message: 'Created (UTC)' },
  colArrivedAt: /*i18n*/ { id: 'order.col.arrivedAt', message: 'Arrived (UTC)' },
  colLineNo: /*i18n*/ { id: 'order.col.lineNo', message: 'Line' },
  colNameEn: /*i18n*/ { id: 'order.col.nameEn', message: 'English goods name' },
  colNameCn: /*i18n*/ { id: 'order.col.nameCn', message: 'Chinese goods name' },
  colQuantity: /*i18n*/ { id: 'order.col.quantity', message: 'Quantity' },
  colHsCode: /*i18n*/ { id: 'order.col.hsCode', message: 'HS code' },
  colUnitPrice: /*i18n*/ { id: 'order.col.unitPrice', message: 'Unit price' },
  colCurrency: /*i18n*/ { id: 'order.col.currency', message: 'Currency' },
  colGoodsValue: /*i18n*/ { id: 'order.col.goodsValue', message: 'Value' },
  colSpecification: /*i18n*/ { id: 'order.col.specification', message: 'Specification' },
  colSensitive: /*i18n*/ { id: 'order.col.sensitive', message: 'Sensitive words' },
  colKind: /*i18n*/ { id: 'order.col.abnormalKind', message: 'Abnormal kind' },
  colReason: /*i18n*/ { id: 'order.col.reason', message: 'Reason' },
  colDepartment: /*i18n*/ { id: 'order.col.department', message: 'Responsible department' },
  colHandling: /*i18n*/ { id: 'order.col.handling', message: 'Handling' },
  colHandledBy: /*i18n*/ { id: 'order.col.handledBy', message: 'Handled by' },
  colHandledAt: /*i18n*/ { id: 'order.col.handledAt', message: 'Handled (UTC)' },
  colHandleRemark: /*i18n*/ { id: 'order.col.handleRemark', message: 'Handling remark' },
  yes: /*i18n*/ { id: 'order.yes', message: 'Yes' },
  no: /*i18n*/ { id: 'order.no', message: 'No' },
  paymentCod: /*i18n*/ { id: 'order.payment.cod', message: 'COD' },
  paymentPp: /*i18n*/ { id: 'order.payment.pp', message: 'Prepaid' },
  checkPending: /*i18n*/ { id: 'order.check.pending', message: 'Pending check' },
  checkDone: /*i18n*/ { id: 'order.check.checked', message: 'Checked' },
  // the packing types are the import's (one place for the three labels)
  packing1: orderImportMessages.packing1,
  packing2: orderImportMessages.packing2,
  packing3: orderImportMessages.packing3,

  // imports
  checkImportTitle: /*i18n*/ { id: 'order.import.checkTitle', message: 'Checked weight import template' },
  clearanceImportTitle: /*i18n*/ {
    id: 'order.import.clearanceTitle',
    message: 'Clearance number import template',
  },
  importUnknownOrder: /*i18n*/ {
    id: 'order.import.unknownOrder',
    message: 'No order has the tracking no {trackingNo}',
  },
  importNotFromOrigin: /*i18n*/ {
    id: 'order.import.notFromOrigin',
    message: 'Order {trackingNo} was not made from a foreign order',
  },
  clearanceNoFormat: /*i18n*/ {
    id: 'order.import.clearanceNoFormat',
    message: 'Use up to 50 letters, digits, hyphens, slashes or underscores',
  },
  clearanceCancelled: /*i18n*/ {
    id: 'order.import.clearanceCancelled',
    message: 'Order {trackingNo} is cancelled',
  },
} satisfies Record<string, MessageDescriptor>;
