import { createFileRoute } from '@tanstack/react-router';
import { screenData } from '../../../../admin/kit/route-data.ts';
import { ChannelPage } from '../../../../admin/shipping/channel-page.tsx';
import { channelList, channelSearch } from '../../../../admin/shipping/search.ts';

export const Route = createFileRoute('/_desk/admin/options/editChannel')({
  validateSearch: channelSearch,
  ...screenData(channelList),
  component: ChannelPage,
});
