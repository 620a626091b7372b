import type { Locale } from '../../../shared/domain/enums.ts';
import { OrderNode } from '../../../shared/domain/order-rules.ts';
import { closedLoopMessages } from '../../../shared/i18n/closed-loop-messages.ts';
import { codMessages } from '../../../shared/i18n/cod-messages.ts';
import type { MessageDescriptor } from '../../../shared/i18n/messages.ts';
import { orderMessages as m, numbered } from '../../../shared/i18n/order-messages.ts';
import { promptRecordMessages } from '../../../shared/i18n/prompt-record-messages.ts';
import { localName } from '../../db/sql-helpers.ts';
import type { Translate } from '../../i18n.ts';
import { MOVEMENT_NODE_NAMES } from '../bill/bill-names.ts';

/** Names of the order's numbered enumerations in the caller's language (the number when unknown). */
export const statusName = (t: Translate, status: number): string => {
  const d = numbered('status', status);
  return d ? t(d) : String(status);
};
export const interceptName = (t: Translate, state: number): string => {
  const d = numbered('intercept', state);
  return d ? t(d) : String(state);
};
export const abnormalName = (t: Translate, kind: number): string => {
  const d = numbered('abnormal', kind);
  return d ? t(d) : String(kind);
};
export const feeTypeName = (t: Translate, feeType: number): string => {
  const d = numbered('feeType', feeType);
  return d ? t(d) : String(feeType);
};

/** Our nodes' names when no standard tracking node of the same code names them. */
const OWN_NODES: Record<string, MessageDescriptor> = {
  [OrderNode.created]: m.nodeCreated,
  [OrderNode.received]: m.nodeReceived,
  [OrderNode.cancelled]: m.nodeCancelled,
  [OrderNode.weighed]: m.nodeWeighed,
  [OrderNode.carrierAssigned]: m.nodeCarrierAssigned,
  [OrderNode.interceptRequested]: m.intercept1,
  [OrderNode.interceptWithdrawn]: m.intercept4,
  [OrderNode.interceptSucceeded]: m.intercept2,
  [OrderNode.interceptFailed]: m.intercept3,
  ...MOVEMENT_NODE_NAMES,
  // cod/batchApproval (src/server/modules/cod/cod-rules.ts COD_NODE)
  COD_MODIFIED: codMessages.nodeCodModified,
  // carriers' confirmations (src/server/modules/prompt-record/prompt-write.ts PromptNode)
  SIGNED: promptRecordMessages.nodeSigned,
  RETURNED: promptRecordMessages.nodeReturned,
  // the overseas reconciliation (src/server/modules/closed-loop/remittance-import.ts REMITTED_NODE)
  COD_REMITTED: closedLoopMessages.nodeRemitted,
};

export interface NodeNames {
  nameCn: string;
  nameEn: string;
  nameAr: string;
}

/**
 * An event's name: the carrier's node when the event is a carrier's, else our standard tracking
 * node of that code, else our built-in name, else the code itself.
 */
export function nodeName(
  t: Translate,
  locale: Locale,
  node: string,
  carrierNode: NodeNames | null,
  setting: NodeNames | null,
): string {
  if (carrierNode) return localName(carrierNode, locale);
  if (setting) return localName(setting, locale);
  const own = OWN_NODES[node];
  return own ? t(own) : node;
}

/** A person as the screens show them. */
export const personName = (u: { nickname: string | null; username: string | null }): string | null =>
  u.username === null ? null : u.nickname || u.username;
