import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { named } from '../kit/text.ts';
import { DevelopersView } from './developers-view.tsx';
import { customerPicker } from './search.ts';

const routeApi = getRouteApi('/_desk/admin/info/developers/$id');

/**
 * /admin/info/developers/$id: staff holding `apiKey:edit` see one customer's integrations from the
 * customer list, make and revoke its keys, and read its webhook endpoints and deliveries.
 */
export function CustomerDevelopersPage() {
  const { t } = useLingui();
  const { id } = routeApi.useParams();
  const customerId = Number(id);
  const customer = useQuery(customerPicker()).data?.find((c) => c.recId === customerId);
  const name = customer ? named(customer.name, customer.code) : `#${customerId}`;
  return (
    <DevelopersView route={routeApi} title={t`Developers · ${name}`} customerId={customerId} mayManageKeys />
  );
}
