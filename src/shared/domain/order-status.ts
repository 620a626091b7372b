/**
 * The order status enumeration (DOMAIN.md: what `order/orderStatusList` returns, in this order).
 * Tracking nodes (ours and each carrier's) may name the status an event moves an order to.
 */
export const OrderStatus = {
  created: 1,
  received: 2,
  inLading: 3,
  pickedUp: 4,
  inTransit: 5,
  customsClearance: 6,
  arrivedOverseas: 7,
  outForDelivery: 8,
  signed: 9,
  returned: 10,
  lost: 11,
  cancelled: 12,
} as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];
export const ORDER_STATUSES: readonly OrderStatus[] = Object.values(OrderStatus);
