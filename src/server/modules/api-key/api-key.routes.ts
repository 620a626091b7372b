import { apiKey } from '../../../shared/contract/api-key.ts';
import { implement } from '../../http/context.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './api-key.service.ts';

export const apiKeyRoutes = [
  implement(apiKey.list, ({ body }, ctx) => listApiKeys(ctx.db, ctx.user, body)),
  implement(apiKey.create, ({ body }, ctx) => createApiKey(ctx.db, ctx.user, body)),
  implement(apiKey.revoke, ({ params }, ctx) => revokeApiKey(ctx.db, ctx.user, params.id)),
];
