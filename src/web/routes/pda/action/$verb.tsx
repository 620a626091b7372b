import { createFileRoute, redirect } from '@tanstack/react-router';
import { ACTION_VERBS, type ActionVerb } from '../../../pda/bills/action-verbs.ts';
import { BillActionScreen } from '../../../pda/bills/bill-action-screen.tsx';

export const Route = createFileRoute('/pda/action/$verb')({
  beforeLoad: ({ params }) => {
    if (!ACTION_VERBS.includes(params.verb as ActionVerb)) throw redirect({ to: '/pda', replace: true });
  },
  component: ActionPage,
});

function ActionPage() {
  const { verb } = Route.useParams();
  return <BillActionScreen key={verb} verb={verb as ActionVerb} />;
}
