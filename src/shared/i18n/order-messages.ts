import type { MessageDescriptor } from './messages.ts';

/** Messages of orders: entry checks, operation refusals, scan results, names the server answers in. */
export const orderMessages = {
  // entry checks (spec 5 where it gives the text)
  goodsNameEnRequired: /*i18n*/ {
    id: 'order.goodsNameEnRequired',
    message: 'English goods name cannot be empty',
  },
  numberInvalid: /*i18n*/ { id: 'order.numberInvalid', message: 'Enter a correct number' },
  goodsRequired: /*i18n*/ { id: 'order.goodsRequired', message: 'Add at least one goods line' },
  currencyInvalid: /*i18n*/ { id: 'order.currencyInvalid', message: 'Choose a currency' },
  hsCodeInvalid: /*i18n*/ { id: 'order.hsCodeInvalid', message: 'An HS code has 6 to 13 digits' },
  phoneInvalid: /*i18n*/ { id: 'order.phoneInvalid', message: 'Enter a correct phone number' },
  customerNoInvalid: /*i18n*/ {
    id: 'order.customerNoInvalid',
    message: 'Use up to 50 letters, digits, hyphens or underscores',
  },
  regionInvalid: /*i18n*/ {
    id: 'order.regionInvalid',
    message: 'Choose the country, province and city from the region list',
  },
  customerRequired: /*i18n*/ { id: 'order.customerRequired', message: 'Choose the customer' },
  channelNotAllowed: /*i18n*/ {
    id: 'order.channelNotAllowed',
    message: 'This shipping channel is not available to the customer',
  },
  channelNotServing: /*i18n*/ {
    id: 'order.channelNotServing',
    message: 'This shipping channel does not deliver to {country}',
  },
  codNotAllowed: /*i18n*/ {
    id: 'order.codNotAllowed',
    message: 'This customer may not create cash-on-delivery orders',
  },
  senderRequired: /*i18n*/ {
    id: 'order.senderRequired',
    message: 'Enter the sender, or set a default sender address first',
  },
  customerNoTaken: /*i18n*/ { id: 'order.customerNoTaken', message: 'Customer order no {no} already exists' },
  // the channel's plausibility limits (channel-limits.ts)
  weightOverLimit: /*i18n*/ {
    id: 'order.weightOverLimit',
    message: "Weight {weight} kg is over this channel's limit of {max} kg",
  },
  codOverLimit: /*i18n*/ {
    id: 'order.codOverLimit',
    message: "COD {amount} {currency} is over this channel's limit of {max} {currency}",
  },
  declaredUnderLimit: /*i18n*/ {
    id: 'order.declaredUnderLimit',
    message: "Declared value {value} {currency} is under this channel's minimum of {min} {currency}",
  },
  declaredOverLimit: /*i18n*/ {
    id: 'order.declaredOverLimit',
    message: "Declared value {value} {currency} is over this channel's limit of {max} {currency}",
  },
  tooManyNumbers: /*i18n*/ { id: 'order.tooManyNumbers', message: 'Enter at most {max} numbers' },
  batchTooLarge: /*i18n*/ { id: 'order.batchTooLarge', message: 'Send at most {max} orders in one batch' },
  batchNoneCreated: /*i18n*/ {
    id: 'order.batchNoneCreated',
    message: 'No order of the batch could be created; each one’s reasons are in the results',
  },
  customerNoTwice: /*i18n*/ {
    id: 'order.customerNoTwice',
    message: 'Customer order no {no} appears more than once in the batch',
  },
  timeRangeInvalid: /*i18n*/ {
    id: 'order.timeRangeInvalid',
    message: 'The end of the time range must be after its start',
  },
  createTimeRangeRequired: /*i18n*/ {
    id: 'order.createTimeRangeRequired',
    message: 'Creation time range must be selected',
  },
  orderRequired: /*i18n*/ { id: 'order.orderRequired', message: 'Give the order id or its tracking no' },
  depotInvalid: /*i18n*/ { id: 'order.depotInvalid', message: 'Choose a warehouse from the list' },

  // operation refusals (409), one per order
  notCancellable: /*i18n*/ {
    id: 'order.notCancellable',
    message: 'Order {trackingNo} is {status}: only orders not yet picked up can be cancelled',
  },
  notInterceptable: /*i18n*/ {
    id: 'order.notInterceptable',
    message: 'Order {trackingNo} is {status} and can no longer be intercepted',
  },
  interceptPending: /*i18n*/ {
    id: 'order.interceptPending',
    message: 'An interception of order {trackingNo} is already waiting for its result',
  },
  alreadyIntercepted: /*i18n*/ {
    id: 'order.alreadyIntercepted',
    message: 'Order {trackingNo} has already been intercepted',
  },
  noInterceptPending: /*i18n*/ {
    id: 'order.noInterceptPending',
    message: 'Order {trackingNo} has no interception waiting for a result',
  },
  notReceivable: /*i18n*/ {
    id: 'order.notReceivable',
    message: 'Order {trackingNo} is {status} and cannot be received',
  },
  notWeighable: /*i18n*/ {
    id: 'order.notWeighable',
    message: 'Order {trackingNo} is {status}: weigh it after it is received and before it is picked up',
  },
  statusMoveRefused: /*i18n*/ {
    id: 'order.statusMoveRefused',
    message: 'Order {trackingNo} cannot go from {from} to {to}',
  },
  noneCancelled: /*i18n*/ {
    id: 'order.noneCancelled',
    message:
      '{count, plural, one {The order could not be cancelled} other {None of the # orders could be cancelled}}',
  },

  // receiving scan (order/scan): what the screen shows with each sound
  scanOk: /*i18n*/ { id: 'order.scanOk', message: 'Received {trackingNo}' },
  scanUnknown: /*i18n*/ { id: 'order.scanUnknown', message: 'No order has the tracking no {trackingNo}' },
  scanCancelled: /*i18n*/ {
    id: 'order.scanCancelled',
    message: 'Order {trackingNo} is cancelled: set the parcel aside',
  },
  scanIntercepted: /*i18n*/ {
    id: 'order.scanIntercepted',
    message: 'Order {trackingNo} is intercepted: set the parcel aside',
  },
  scanAlready: /*i18n*/ {
    id: 'order.scanAlready',
    message: 'Order {trackingNo} was already received ({status})',
  },

  // statuses (order/orderStatusList, in this order)
  status1: /*i18n*/ { id: 'order.status.created', message: 'Created' },
  status2: /*i18n*/ { id: 'order.status.received', message: 'Received' },
  status3: /*i18n*/ { id: 'order.status.inLading', message: 'In lading' },
  status4: /*i18n*/ { id: 'order.status.pickedUp', message: 'Picked up' },
  status5: /*i18n*/ { id: 'order.status.inTransit', message: 'In transit' },
  status6: /*i18n*/ { id: 'order.status.customsClearance', message: 'Customs clearance' },
  status7: /*i18n*/ { id: 'order.status.arrivedOverseas', message: 'Arrived overseas' },
  status8: /*i18n*/ { id: 'order.status.outForDelivery', message: 'Out for delivery' },
  status9: /*i18n*/ { id: 'order.status.signed', message: 'Signed' },
  status10: /*i18n*/ { id: 'order.status.returned', message: 'Returned' },
  status11: /*i18n*/ { id: 'order.status.lost', message: 'Lost' },
  status12: /*i18n*/ { id: 'order.status.cancelled', message: 'Cancelled' },

  // interception states
  intercept0: /*i18n*/ { id: 'order.intercept.none', message: 'Not intercepted' },
  intercept1: /*i18n*/ { id: 'order.intercept.requested', message: 'Interception requested' },
  intercept2: /*i18n*/ { id: 'order.intercept.succeeded', message: 'Intercepted' },
  intercept3: /*i18n*/ { id: 'order.intercept.failed', message: 'Interception failed' },
  intercept4: /*i18n*/ { id: 'order.intercept.withdrawn', message: 'Interception withdrawn' },

  // our tracking nodes (when no standard tracking node of that code names them)
  nodeCreated: /*i18n*/ { id: 'order.node.created', message: 'Order created' },
  nodeReceived: /*i18n*/ { id: 'order.node.received', message: 'Received at the warehouse' },
  nodeCancelled: /*i18n*/ { id: 'order.node.cancelled', message: 'Order cancelled' },
  nodeWeighed: /*i18n*/ { id: 'order.node.weighed', message: 'Weighed and measured' },
  nodeCarrierAssigned: /*i18n*/ { id: 'order.node.carrierAssigned', message: 'Last-mile carrier assigned' },

  // abnormal kinds and their reasons
  abnormal1: /*i18n*/ { id: 'order.abnormal.noCarrier', message: 'No carrier number' },
  abnormal2: /*i18n*/ { id: 'order.abnormal.intercepted', message: 'Intercepted' },
  abnormal3: /*i18n*/ { id: 'order.abnormal.weightDiscrepancy', message: 'Weight discrepancy' },
  abnormal4: /*i18n*/ { id: 'order.abnormal.addressUnconfirmed', message: 'Address not confirmed' },
  abnormal5: /*i18n*/ { id: 'order.abnormal.sensitiveGoods', message: 'Sensitive goods' },
  abnormal6: /*i18n*/ { id: 'order.abnormal.noPrice', message: 'No price' },
  reasonNoChannelCarrier: /*i18n*/ {
    id: 'order.reason.noChannelCarrier',
    message: 'The shipping channel has no enabled carrier',
  },
  reasonVolumeLimit: /*i18n*/ {
    id: 'order.reason.volumeLimit',
    message: "Every carrier of the channel reached today's volume limit for this destination",
  },
  reasonPoolEmpty: /*i18n*/ {
    id: 'order.reason.poolEmpty',
    message: "No free tracking number in the pools of the channel's carriers",
  },
  reasonWeight: /*i18n*/ {
    id: 'order.reason.weight',
    message: 'Checked weight {checked} kg, declared {declared} kg',
  },
  reasonSensitive: /*i18n*/ { id: 'order.reason.sensitive', message: 'Sensitive words: {words}' },
  reasonIntercept: /*i18n*/ { id: 'order.reason.intercept', message: 'Interception: {reason}' },

  // fees
  feeType1: /*i18n*/ { id: 'fee.type.freight', message: 'Freight' },
  feeType2: /*i18n*/ { id: 'fee.type.codFee', message: 'COD service fee' },
  feeNoRule: /*i18n*/ {
    id: 'fee.exception.noRule',
    message: 'The shipping channel {channel} has no price rule for {country}',
  },
  feeRuleInvalid: /*i18n*/ {
    id: 'fee.exception.ruleInvalid',
    message: 'The price rule of {channel} for {country} cannot be applied',
  },
} satisfies Record<string, MessageDescriptor>;

type Key = keyof typeof orderMessages;

/** The descriptor of a numbered name (status, intercept state, abnormal kind, fee type), if any. */
export function numbered(prefix: 'status' | 'intercept' | 'abnormal' | 'feeType', n: number) {
  return (orderMessages as Record<string, MessageDescriptor>)[`${prefix}${n}` as Key] as
    | MessageDescriptor
    | undefined;
}
