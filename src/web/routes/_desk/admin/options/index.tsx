import { createFileRoute } from '@tanstack/react-router';
import { optionsSearch } from '../../../../admin/carrier/search.ts';
import { OptionsPage } from '../../../../admin/options/options-page.tsx';

export const Route = createFileRoute('/_desk/admin/options/')({
  validateSearch: optionsSearch,
  component: OptionsPage,
});
