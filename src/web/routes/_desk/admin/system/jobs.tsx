import { createFileRoute } from '@tanstack/react-router';
import { JobsPage } from '../../../../admin/system/jobs/jobs-page.tsx';
import { jobSearch } from '../../../../admin/system/jobs/jobs-search.ts';

export const Route = createFileRoute('/_desk/admin/system/jobs')({
  validateSearch: jobSearch,
  component: JobsPage,
});
