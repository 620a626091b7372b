import { createFileRoute } from '@tanstack/react-router';
import { listData } from '../../../../admin/kit/route-data.ts';
import { AuditPage } from '../../../../admin/system/audit/audit-page.tsx';
import { auditList, auditSearch } from '../../../../admin/system/audit/search.ts';

export const Route = createFileRoute('/_desk/admin/system/audit')({
  validateSearch: auditSearch,
  ...listData(auditList),
  component: AuditPage,
});
