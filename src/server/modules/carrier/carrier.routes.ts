import { carrier } from '../../../shared/contract/carrier.ts';
import { implement } from '../../http/context.ts';
import { carrierOptions, getCarrier, listCarriers, saveCarrier, updateCarrier } from './carrier.service.ts';
import { deleteNode, nodesByCarrierCode, nodesOf, saveNode, updateNode } from './nodes.service.ts';

export const carrierRoutes = [
  implement(carrier.list, ({ body }, ctx) => listCarriers(ctx.db, body, ctx.locale)),
  implement(carrier.save, ({ body }, ctx) => saveCarrier(ctx.db, body, ctx.locale)),
  implement(carrier.update, ({ body }, ctx) => updateCarrier(ctx.db, body, ctx.locale)),
  implement(carrier.view, async ({ params }, ctx) => ({
    ...(await getCarrier(ctx.db, params.carrierId, ctx.locale)),
    nodes: await nodesOf(ctx.db, params.carrierId, ctx.locale),
  })),
  implement(carrier.listSimple, ({ body }, ctx) => carrierOptions(ctx.db, body.lastMile)),
  implement(carrier.getLastCarrierCompany, (_i, ctx) => carrierOptions(ctx.db, true)),
  implement(carrier.saveTrackingNode, ({ body }, ctx) => saveNode(ctx.db, body, ctx.locale)),
  implement(carrier.updateTrackingNode, ({ body }, ctx) => updateNode(ctx.db, body, ctx.locale)),
  implement(carrier.deleteTrackingNode, async ({ params }, ctx) => {
    await deleteNode(ctx.db, params.id);
    return null;
  }),
  implement(carrier.trackingNode, ({ params }, ctx) =>
    nodesByCarrierCode(ctx.db, params.carrierCode, ctx.locale),
  ),
];
