import { createFileRoute, redirect } from '@tanstack/react-router';
import { PDA_BILL_TYPES, type PdaBillType } from '../../../api/queries/pda-kinds.ts';
import { BillScanScreen } from '../../../pda/bills/bill-scan-screen.tsx';
import { int, searchSchema } from '../../../ui/search-params.ts';

const search = searchSchema({
  /** The bill scanned into. */
  bill: int(1, 2_147_483_647),
});

export const Route = createFileRoute('/pda/scan/$type')({
  validateSearch: search,
  beforeLoad: ({ params }) => {
    if (!PDA_BILL_TYPES.includes(params.type as PdaBillType)) throw redirect({ to: '/pda', replace: true });
  },
  component: ScanPage,
});

function ScanPage() {
  const { type } = Route.useParams();
  const { bill } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <BillScanScreen
      key={type}
      type={type as PdaBillType}
      billId={bill}
      onBill={(id) => void navigate({ search: { bill: id }, replace: true })}
    />
  );
}
