import { createFileRoute } from '@tanstack/react-router';
import { OriginInputPage } from '../../../../admin/origin-order/origin-input-page.tsx';

export const Route = createFileRoute('/_desk/admin/foreignOrder/input')({
  component: OriginInputPage,
});
