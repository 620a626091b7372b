import { createFileRoute } from '@tanstack/react-router';
import { OptionsView } from '../../../../../admin/customer-options/options-view.tsx';

export const Route = createFileRoute('/_desk/admin/user/options/')({
  component: OptionsView,
});
