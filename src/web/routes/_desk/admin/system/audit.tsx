import { createFileRoute } from '@tanstack/react-router';
import { AuditPage } from '../../../../admin/system/audit/audit-page.tsx';
import { auditSearch } from '../../../../admin/system/audit/search.ts';

export const Route = createFileRoute('/_desk/admin/system/audit')({
  validateSearch: auditSearch,
  component: AuditPage,
});
