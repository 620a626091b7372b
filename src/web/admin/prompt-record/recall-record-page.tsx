import { useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import { PromptKind } from '../../../shared/domain/prompt-record.ts';
import { ConfirmationList } from './confirmation-list.tsx';

const routeApi = getRouteApi('/_desk/admin/report/recallRecord');

/**
 * report/recallRecord: the orders returned to their sender. An order is returned only by a
 * carrier's return confirmation (statement/importPromptReturn), so this reads the return records
 * (statement/promptReturnList) as the orders they are: customer, order no, COD not collected, why
 * it came back, and whether the customer asked it back (a successful interception), which the
 * "Recall requested" filter selects.
 */
export function RecallRecordPage() {
  const { t } = useLingui();
  return (
    <ConfirmationList
      kind={PromptKind.return}
      recall
      title={t`Recall records`}
      testId="recall-records"
      route={routeApi}
    />
  );
}
