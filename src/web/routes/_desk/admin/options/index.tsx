import { createFileRoute } from '@tanstack/react-router';
import { OptionsPage } from '../../../../admin/options/options-page.tsx';
import { optionsSearch } from '../../../../admin/options/search.ts';

export const Route = createFileRoute('/_desk/admin/options/')({
  validateSearch: optionsSearch,
  component: OptionsPage,
});
