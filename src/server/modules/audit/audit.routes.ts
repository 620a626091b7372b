import { audit } from '../../../shared/contract/audit.ts';
import { startExport } from '../../files/export.ts';
import { implement } from '../../http/context.ts';
import { auditExport, listAudit } from './audit.service.ts';

export const auditRoutes = [
  implement(audit.list, ({ body }, ctx) => listAudit(ctx.db, body)),
  implement(audit.export, ({ body }, ctx) => startExport(ctx, auditExport(body, ctx.t))),
];
