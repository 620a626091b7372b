import { createFileRoute } from '@tanstack/react-router';
import { PushRecordPage } from '../../../../admin/origin-order/push-record-page.tsx';
import { pushRecordSearch } from '../../../../admin/origin-order/search.ts';

export const Route = createFileRoute('/_desk/admin/foreignOrder/pushRecord')({
  validateSearch: pushRecordSearch,
  component: PushRecordPage,
});
