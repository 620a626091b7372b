/**
 * Messages of the order analysis (order/analysis/*): its refusals, the names it gives groups and
 * sections, and the titles and columns of its exports.
 */
export const analysisMessages = {
  rangeRequired: /*i18n*/ { id: 'analysis.rangeRequired', message: 'Select the days to analyse' },
  rangeInvalid: /*i18n*/ {
    id: 'analysis.rangeInvalid',
    message: 'The last day must not be before the first day',
  },
  // ANALYSIS_MAX_DAYS (a schema's message carries no values)
  rangeTooLong: /*i18n*/ { id: 'analysis.rangeTooLong', message: 'Analyse at most 366 days at a time' },

  others: /*i18n*/ { id: 'analysis.others', message: 'Others' },
  allOrders: /*i18n*/ { id: 'analysis.allOrders', message: 'All orders' },
  noCarrier: /*i18n*/ { id: 'analysis.noCarrierAssigned', message: 'No carrier yet' },

  // export titles
  statisticsTitle: /*i18n*/ { id: 'analysis.statisticsTitle', message: 'Order statistics' },
  exceptionTitle: /*i18n*/ { id: 'analysis.exceptionTitle', message: 'Exception statistics' },
  orderAnalysisTitle: /*i18n*/ { id: 'analysis.orderAnalysisTitle', message: 'Order analysis' },
  exceptionDetailTitle: /*i18n*/ { id: 'analysis.exceptionDetailTitle', message: 'Exception orders' },

  // export columns
  colDay: /*i18n*/ { id: 'analysis.col.day', message: 'Day' },
  colGroupCode: /*i18n*/ { id: 'analysis.col.groupCode', message: 'Code' },
  colGroup: /*i18n*/ { id: 'analysis.col.group', message: 'Group' },
  colOrders: /*i18n*/ { id: 'analysis.col.orders', message: 'Orders' },
  colWeight: /*i18n*/ { id: 'analysis.col.weight', message: 'Chargeable weight (kg)' },
  colCodOrders: /*i18n*/ { id: 'analysis.col.codOrders', message: 'COD orders' },
  colCodAmount: /*i18n*/ { id: 'analysis.col.codAmount', message: 'COD amount ({currency})' },
  colFreight: /*i18n*/ { id: 'analysis.col.freight', message: 'Freight ({currency})' },
  colCodFee: /*i18n*/ { id: 'analysis.col.codFee', message: 'COD service fee ({currency})' },
  colKindOpen: /*i18n*/ { id: 'analysis.col.kindOpen', message: '{kind}: open' },
  colSection: /*i18n*/ { id: 'analysis.col.section', message: 'Breakdown' },
  colShare: /*i18n*/ { id: 'analysis.col.share', message: 'Share (%)' },
  colTrackingNo: /*i18n*/ { id: 'analysis.col.trackingNo', message: 'Tracking no' },
  colCustomerNo: /*i18n*/ { id: 'analysis.col.customerNo', message: 'Customer order no' },
  colCustomer: /*i18n*/ { id: 'analysis.col.customer', message: 'Customer' },
  colChannel: /*i18n*/ { id: 'analysis.col.channel', message: 'Shipping channel' },
  colCountry: /*i18n*/ { id: 'analysis.col.country', message: 'Destination' },
  colStatus: /*i18n*/ { id: 'analysis.col.status', message: 'Status' },
  colCreatedAt: /*i18n*/ { id: 'analysis.col.createdAt', message: 'Created' },
  colArrivedAt: /*i18n*/ { id: 'analysis.col.arrivedAt', message: 'Arrived' },
  colKind: /*i18n*/ { id: 'analysis.col.kind', message: 'Exception' },
  colMarkedAt: /*i18n*/ { id: 'analysis.col.markedAt', message: 'Recorded' },
  colOpen: /*i18n*/ { id: 'analysis.col.open', message: 'Open' },
  colHandledAt: /*i18n*/ { id: 'analysis.col.handledAt', message: 'Handled' },
  total: /*i18n*/ { id: 'analysis.total', message: 'Total' },
  yes: /*i18n*/ { id: 'analysis.yes', message: 'Yes' },
  no: /*i18n*/ { id: 'analysis.no', message: 'No' },

  // orderAnalysis sections
  sectionFunnel: /*i18n*/ { id: 'analysis.section.funnel', message: 'Status funnel' },
  sectionStatus: /*i18n*/ { id: 'analysis.section.status', message: 'Current status' },
  sectionCountry: /*i18n*/ { id: 'analysis.section.country', message: 'Destination' },
  sectionChannel: /*i18n*/ { id: 'analysis.section.channel', message: 'Shipping channel' },
  sectionCustomer: /*i18n*/ { id: 'analysis.section.customer', message: 'Customer' },
  sectionCarrier: /*i18n*/ { id: 'analysis.section.carrier', message: 'Last-mile carrier' },
};
