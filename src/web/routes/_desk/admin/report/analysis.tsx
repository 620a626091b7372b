import { createFileRoute } from '@tanstack/react-router';
import { AnalysisPage } from '../../../../admin/analysis/analysis-page.tsx';
import { analysisSearch } from '../../../../admin/analysis/search.ts';

export const Route = createFileRoute('/_desk/admin/report/analysis')({
  validateSearch: analysisSearch,
  component: AnalysisPage,
});
