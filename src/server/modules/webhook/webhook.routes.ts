import { webhook } from '../../../shared/contract/webhook.ts';
import { implement } from '../../http/context.ts';
import {
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  redeliver,
  saveWebhook,
  testWebhook,
} from './webhook.service.ts';

export const webhookRoutes = [
  implement(webhook.list, ({ body }, ctx) => listWebhooks(ctx.db, ctx.user, body)),
  implement(webhook.save, ({ body }, ctx) => saveWebhook(ctx.db, ctx.user, ctx.config, body)),
  implement(webhook.delete, ({ params }, ctx) => deleteWebhook(ctx.db, ctx.user, params.id)),
  implement(webhook.deliveries, ({ body }, ctx) => listDeliveries(ctx.db, ctx.user, body)),
  implement(webhook.redeliver, ({ params }, ctx) => redeliver(ctx.db, ctx.user, params.deliveryId)),
  implement(webhook.test, ({ params }, ctx) => testWebhook(ctx.db, ctx.user, params.id)),
];
