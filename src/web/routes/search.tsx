import { createFileRoute } from '@tanstack/react-router';
import { SearchPage } from '../light/search-page.tsx';
import { searchSchema } from '../ui/search-params.ts';
import '../light/light.css';

/**
 * The public tracking search: no login; the numbers asked are kept in the address. A first load
 * gets light.html (the same page without the app); this route shows it inside the app.
 */
export const Route = createFileRoute('/search')({
  staticData: { access: 'public' },
  validateSearch: searchSchema({
    no: (raw) =>
      typeof raw === 'string' || typeof raw === 'number' ? String(raw).slice(0, 2000) : undefined,
    redirect: (raw) => (typeof raw === 'string' ? raw : undefined),
  }),
  component: Search,
});

function Search() {
  const { no, redirect } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <SearchPage
      no={no}
      redirect={redirect}
      onSearch={(next) => void navigate({ search: (prev) => ({ ...prev, no: next }) })}
    />
  );
}
