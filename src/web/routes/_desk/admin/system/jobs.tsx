import { createFileRoute } from '@tanstack/react-router';
import { screenData } from '../../../../admin/kit/route-data.ts';
import { JobsPage } from '../../../../admin/system/jobs/jobs-page.tsx';
import { jobList, jobSearch } from '../../../../admin/system/jobs/jobs-search.ts';

export const Route = createFileRoute('/_desk/admin/system/jobs')({
  validateSearch: jobSearch,
  ...screenData(jobList),
  component: JobsPage,
});
