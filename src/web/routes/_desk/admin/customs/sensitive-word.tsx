import { createFileRoute } from '@tanstack/react-router';
import { sensitiveWordSearch } from '../../../../admin/sensitive-word/search.ts';
import { SensitiveWordPage } from '../../../../admin/sensitive-word/sensitive-word-page.tsx';

export const Route = createFileRoute('/_desk/admin/customs/sensitive-word')({
  validateSearch: sensitiveWordSearch,
  component: SensitiveWordPage,
});
