import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * The title of every desk page, by route pattern (the router's full path, `$id` for a parameter),
 * shown in the tabs and on pages whose screen comes in a later issue. Menu pages carry the names of
 * the seeded menu tree.
 */
export const ROUTE_TITLES: Record<string, MessageDescriptor> = {
  '/': msg`Home`,
  '/login': msg`Log in`,
  '/search': msg`Tracking search`,
  '/frame': msg`External page`,
  '/frame/nomal': msg`External page`,
  '/print': msg`Print`,
  '/print/printBatch': msg`Print batch`,
  '/print/printCode': msg`Print labels`,
  '/print/printLading': msg`Print lading bill`,
  '/print/printPDF': msg`Print PDF`,
  '/admin': msg`Home`,
  '/admin/options': msg`Options`,
  '/admin/customerService/abnormalOrders': msg`Abnormal orders`,
  '/admin/customs/bill-of-lading': msg`Clearance lading`,
  '/admin/customs/sensitive-word': msg`Sensitive words`,
  '/admin/export/invoice': msg`Invoices`,
  '/admin/exports': msg`Exports`,
  '/admin/foreignOrder/data': msg`Foreign order data`,
  '/admin/foreignOrder/input': msg`Foreign order entry`,
  '/admin/foreignOrder/list': msg`Foreign order list`,
  '/admin/foreignOrder/list/$id': msg`Foreign order details`,
  '/admin/foreignOrder/listManage': msg`Foreign order management`,
  '/admin/foreignOrder/listManage/$id': msg`Foreign order management details`,
  '/admin/foreignOrder/pushRecord': msg`Push records`,
  '/admin/info/customer': msg`Customer list`,
  '/admin/info/developers/$id': msg`A customer's integrations`,
  '/admin/ladingBll/manage': msg`Lading bills`,
  '/admin/ladingBll/merge': msg`Merge packages`,
  '/admin/ladingBll/overseas': msg`Overseas lading`,
  '/admin/ladingBll/package': msg`Packages`,
  '/admin/options/carrier': msg`Carriers`,
  '/admin/options/printer': msg`Label printers`,
  '/admin/options/prints': msg`Prints`,
  '/admin/options/edit': msg`Edit shipping channel`,
  '/admin/options/editChannel': msg`Shipping channels`,
  '/admin/options/point': msg`Regions`,
  '/admin/options/trackingNo': msg`Tracking numbers`,
  '/admin/order/list': msg`Order list`,
  '/admin/order/list/$id': msg`Order details`,
  '/admin/order/scan': msg`Warehouse scan`,
  '/admin/priceManage/feeDetail': msg`Fee details`,
  '/admin/priceManage/feeDetail/$id': msg`Fee details of an order`,
  '/admin/priceManage/feeException': msg`Fee exceptions`,
  '/admin/report/analysis': msg`Order analysis`,
  '/admin/report/closedLoopData': msg`Closed-loop data`,
  '/admin/report/codModification': msg`COD modification`,
  '/admin/report/collecting': msg`COD collected`,
  '/admin/report/logisticsbill': msg`Logistics bills`,
  '/admin/report/logisticsbill/$id': msg`Logistics bill details`,
  '/admin/report/promptRecord': msg`Delivery and return records`,
  '/admin/report/recallRecord': msg`Recall records`,
  '/admin/report/waybill': msg`Waybill report`,
  '/admin/report/waybill/$id': msg`Waybill report details`,
  '/admin/system/account': msg`Accounts`,
  '/admin/system/audit': msg`Audit log`,
  '/admin/system/jobs': msg`Jobs`,
  '/admin/system/menu': msg`Menus`,
  '/admin/system/role': msg`Roles`,
  '/admin/user/analysis': msg`My analysis`,
  '/admin/user/developers': msg`Developers`,
  '/admin/user/options': msg`My settings`,
  '/admin/user/options/edit': msg`Edit my settings`,
  '/admin/user/order/batch': msg`Import orders`,
  '/admin/user/order/importRecord': msg`Import records`,
  '/admin/user/order/input': msg`Enter an order`,
  '/admin/user/order/list': msg`My orders`,
  '/admin/user/order/list/$id': msg`My order details`,
};

/** The router's full path of a route (index routes end in a slash) as a title key. */
export const routeKey = (fullPath: string): string => fullPath.replace(/(.)\/$/, '$1');

export function routeTitle(fullPath: string): MessageDescriptor | undefined {
  return ROUTE_TITLES[routeKey(fullPath)];
}
