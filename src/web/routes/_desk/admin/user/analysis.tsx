import { createFileRoute } from '@tanstack/react-router';
import { MyAnalysisPage } from '../../../../admin/analysis/analysis-page.tsx';
import { analysisSearch } from '../../../../admin/analysis/search.ts';

export const Route = createFileRoute('/_desk/admin/user/analysis')({
  validateSearch: analysisSearch,
  component: MyAnalysisPage,
});
