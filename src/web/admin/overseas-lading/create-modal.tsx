import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { overseasMutations } from '../../api/queries/overseas-lading.ts';
import { CreateBillModal, newBillBody } from '../lading/create-bill-modal.tsx';

/**
 * Open a new overseas lading bill for a shipping channel, so the PDA has a bill to scan into; the
 * last-mile carrier defaults to the channel's first when left empty.
 */
export function CreateOverseasModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (bill: { recId: number; no: string }) => void;
}) {
  const { t } = useLingui();
  const create = useMutation(overseasMutations.create());
  return (
    <CreateBillModal
      open={open}
      title={t`New overseas lading bill`}
      name="overseasCreate"
      testId="overseas-create-form"
      saving={create.isPending}
      create={(v) => create.mutateAsync(newBillBody(v))}
      createdText={(no) => t`Overseas lading bill ${no} created`}
      onClose={onClose}
      onCreated={onCreated}
    />
  );
}
