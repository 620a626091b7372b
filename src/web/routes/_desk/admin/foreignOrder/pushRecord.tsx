import { createFileRoute } from '@tanstack/react-router';
import { PushRecordPage } from '../../../../admin/foreign-order/push-record-page.tsx';
import { pushRecordSearch } from '../../../../admin/foreign-order/search.ts';

export const Route = createFileRoute('/_desk/admin/foreignOrder/pushRecord')({
  validateSearch: pushRecordSearch,
  component: PushRecordPage,
});
