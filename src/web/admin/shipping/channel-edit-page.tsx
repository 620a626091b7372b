import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { App, Button, Card, Flex, Form, Result, Skeleton, Space, Typography } from 'antd';
import { useMemo } from 'react';
import type { CarrierOption } from '../../../shared/contract/carrier.ts';
import { ApiError } from '../../api/errors.ts';
import { regionQueries } from '../../api/queries/region.ts';
import { shippingKeys, shippingMutations, shippingQueries } from '../../api/queries/shipping.ts';
import { useCan } from '../../session/permissions.ts';
import { named } from '../kit/text.ts';
import { ChannelForm } from './channel-form.tsx';
import { bodyOf, type ChannelFormValues, fieldName, NEW_CHANNEL, valuesOf } from './form-values.ts';
import type { CountryChoice } from './price-rules-table.tsx';
import { CHANNEL_LIST_PATH } from './search.ts';

const routeApi = getRouteApi('/_desk/admin/options/edit');

/** /admin/options/edit: the channel editor (`recId` edits that channel, none creates one). */
export function ChannelEditPage() {
  const { recId } = routeApi.useSearch();
  // Another channel (or a new one) starts from a fresh form.
  return <ChannelEditor key={recId ?? 'new'} recId={recId} />;
}

function ChannelEditor({ recId }: { recId: number | undefined }) {
  const { t, i18n } = useLingui();
  const { message } = App.useApp();
  const go = useNavigate();
  const queryClient = useQueryClient();
  const canEdit = useCan('shipping:edit');
  const [form] = Form.useForm<ChannelFormValues>();

  const view = useQuery({ ...shippingQueries.view(i18n.locale, recId ?? 0), enabled: recId !== undefined });
  const enabledCountries = useQuery(regionQueries.countries(i18n.locale));
  const enabledCarriers = useQuery(shippingQueries.optionalCarriers());
  const channel = view.data;

  // The channel's own countries and carriers stay choosable even after they were disabled.
  const countries = useMemo<CountryChoice[]>(() => {
    const out = (enabledCountries.data ?? []).map((c) => ({
      recId: c.recId,
      label: named(c.name, c.code),
    }));
    for (const p of channel?.prices ?? [])
      if (!out.some((c) => c.recId === p.countryId))
        out.push({ recId: p.countryId, label: named(p.countryName, p.countryCode) });
    return out;
  }, [enabledCountries.data, channel]);
  const carriers = useMemo<CarrierOption[]>(() => {
    const out = [...(enabledCarriers.data ?? [])];
    for (const k of channel?.carriers ?? [])
      if (!out.some((c) => c.recId === k.recId)) out.push({ ...k, countryCode: null, lastMile: true });
    return out;
  }, [enabledCarriers.data, channel]);

  const backToList = () => void go({ to: CHANNEL_LIST_PATH });
  const save = useMutation({
    ...shippingMutations.save(),
    onSuccess: async () => {
      message.success(recId === undefined ? t`Add Success` : t`Edit Success`);
      await queryClient.invalidateQueries({ queryKey: shippingKeys.all() });
      backToList();
    },
    onError: (err) => {
      // The server names each bad field: show the message under it too.
      const issues =
        err instanceof ApiError
          ? (err.data as { issues?: { path: string; message: string }[] })?.issues
          : undefined;
      if (issues?.length)
        form.setFields(
          issues
            .filter((i) => i.path)
            .map((i) => ({ name: fieldName(i.path), errors: [i.message] })) as Parameters<
            typeof form.setFields
          >[0],
        );
    },
  });

  if (recId !== undefined && view.isError)
    return (
      <Card>
        <Result
          status="404"
          title={t`This shipping channel does not exist`}
          extra={<Button onClick={backToList}>{t`Back to the list`}</Button>}
        />
      </Card>
    );
  const loading =
    (recId !== undefined && !channel) || enabledCountries.isLoading || enabledCarriers.isLoading;
  const code = channel?.code ?? '';

  return (
    <Flex vertical gap={16} data-testid="channel-edit-page">
      <Card size="small">
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {recId === undefined ? t`Add shipping channel` : t`Edit shipping channel ${code}`}
          </Typography.Title>
          <Space>
            <Button onClick={backToList}>{canEdit ? t`Cancel` : t`Back to the list`}</Button>
            {canEdit && (
              <Button
                type="primary"
                loading={save.isPending}
                disabled={loading}
                onClick={() => form.submit()}
              >
                {t`Save`}
              </Button>
            )}
          </Space>
        </Flex>
      </Card>
      {loading ? (
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      ) : (
        <ChannelForm
          form={form}
          initialValues={channel ? valuesOf(channel) : NEW_CHANNEL}
          countries={countries}
          carriers={carriers}
          disabled={!canEdit}
          onFinish={(values) => save.mutate({ ...bodyOf(values), recId })}
        />
      )}
    </Flex>
  );
}
