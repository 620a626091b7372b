import { shipping } from '../../../shared/contract/shipping.ts';
import { Enabled } from '../../../shared/domain/enums.ts';
import { implement } from '../../http/context.ts';
import { saveChannel, updateChannel } from './channel-save.ts';
import {
  channelOptions,
  getChannel,
  listChannels,
  optionalCarriers,
  setChannelStatus,
  shippingsFor,
} from './shipping.service.ts';

export const shippingRoutes = [
  implement(shipping.list, ({ body }, ctx) => listChannels(ctx.db, body, ctx.locale)),
  implement(shipping.save, ({ body }, ctx) => saveChannel(ctx.db, body, ctx.locale)),
  implement(shipping.update, ({ body }, ctx) => updateChannel(ctx.db, body, ctx.locale)),
  implement(shipping.enable, async ({ body }, ctx) => ({
    updated: await setChannelStatus(ctx.db, body.recIds, Enabled.enabled),
  })),
  implement(shipping.disable, async ({ body }, ctx) => ({
    updated: await setChannelStatus(ctx.db, body.recIds, Enabled.disabled),
  })),
  implement(shipping.listSimple, ({ body }, ctx) => channelOptions(ctx.db, body.includeDisabled)),
  implement(shipping.optionalCarrier, ({ body }, ctx) => optionalCarriers(ctx.db, body.shippingId)),
  implement(shipping.view, ({ params }, ctx) => getChannel(ctx.db, params.shippingId, ctx.locale)),
  implement(shipping.getShippingsByUser, ({ query }, ctx) =>
    shippingsFor(ctx.db, ctx.user, query.customerId),
  ),
];
