import { createFileRoute } from '@tanstack/react-router';
import { PromptRecordPage } from '../../../../admin/prompt-record/prompt-record-page.tsx';
import { promptRecordSearch } from '../../../../admin/prompt-record/search.ts';

export const Route = createFileRoute('/_desk/admin/report/promptRecord')({
  validateSearch: promptRecordSearch,
  component: PromptRecordPage,
});
