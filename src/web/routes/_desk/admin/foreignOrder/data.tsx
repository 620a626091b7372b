import { createFileRoute } from '@tanstack/react-router';
import { ExtraDataPage } from '../../../../admin/origin-order/extra-data-page.tsx';

export const Route = createFileRoute('/_desk/admin/foreignOrder/data')({
  component: ExtraDataPage,
});
