import { createFileRoute } from '@tanstack/react-router';
import { RecallRecordPage } from '../../../../admin/prompt-record/recall-record-page.tsx';
import { recallRecordSearch } from '../../../../admin/prompt-record/search.ts';

export const Route = createFileRoute('/_desk/admin/report/recallRecord')({
  validateSearch: recallRecordSearch,
  component: RecallRecordPage,
});
