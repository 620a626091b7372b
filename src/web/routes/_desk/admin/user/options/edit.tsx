import { createFileRoute } from '@tanstack/react-router';
import { OptionsEdit } from '../../../../../admin/customer-options/options-edit.tsx';

export const Route = createFileRoute('/_desk/admin/user/options/edit')({
  component: OptionsEdit,
});
