import { useLingui } from '@lingui/react/macro';
import { type QueryKey, type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';

/**
 * The save of a desk editor (a form in a dialog that adds or edits one record): on success it
 * says "Add Success" or "Edit Success", closes the dialog and refreshes the queries under
 * each key of `invalidate`. A refusal is shown by the API client's error handling, and the dialog stays open.
 */
export function useSaveMutation<TData, TVariables>(
  options: UseMutationOptions<TData, Error, TVariables>,
  o: { editing: boolean; invalidate: QueryKey[]; onClose: () => void },
) {
  const { t } = useLingui();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    onSuccess: async () => {
      message.success(o.editing ? t`Edit Success` : t`Add Success`);
      o.onClose();
      await Promise.all(o.invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
