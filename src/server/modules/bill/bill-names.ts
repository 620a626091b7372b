import { MovementNode } from '../../../shared/domain/lading.ts';
import { ladingNumbered, ladingMessages as m } from '../../../shared/i18n/lading-messages.ts';
import type { MessageDescriptor } from '../../../shared/i18n/messages.ts';
import type { Translate } from '../../i18n.ts';

/** Names of the tracking nodes the movement of parcels records (order-names.ts reads them). */
export const MOVEMENT_NODE_NAMES: Record<string, MessageDescriptor> = {
  [MovementNode.inLading]: m.nodeInLading,
  [MovementNode.ladingReleased]: m.nodeLadingReleased,
  [MovementNode.pickedUp]: m.nodePickedUp,
  [MovementNode.inTransit]: m.nodeInTransit,
  [MovementNode.arrived]: m.nodeArrived,
  [MovementNode.outForDelivery]: m.nodeOutForDelivery,
  [MovementNode.packed]: m.nodePacked,
  [MovementNode.unpacked]: m.nodeUnpacked,
  [MovementNode.exchanged]: m.nodeExchanged,
  [MovementNode.batched]: m.nodeBatched,
  [MovementNode.batchReleased]: m.nodeBatchReleased,
  [MovementNode.overseasScanned]: m.nodeOverseasScanned,
  [MovementNode.overseasReleased]: m.nodeOverseasReleased,
};

type Prefix = Parameters<typeof ladingNumbered>[0];

/** A numbered name (pickup status, type, mail state …) in the caller's language; the number when unknown. */
export const numberedName = (t: Translate, prefix: Prefix, n: number): string => {
  const d = ladingNumbered(prefix, n);
  return d ? t(d) : String(n);
};
