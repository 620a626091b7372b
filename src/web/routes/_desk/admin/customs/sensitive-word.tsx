import { createFileRoute } from '@tanstack/react-router';
import { screenData } from '../../../../admin/kit/route-data.ts';
import { sensitiveWordList, sensitiveWordSearch } from '../../../../admin/sensitive-word/search.ts';
import { SensitiveWordPage } from '../../../../admin/sensitive-word/sensitive-word-page.tsx';

export const Route = createFileRoute('/_desk/admin/customs/sensitive-word')({
  validateSearch: sensitiveWordSearch,
  ...screenData(sensitiveWordList),
  component: SensitiveWordPage,
});
