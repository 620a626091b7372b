import { createFileRoute } from '@tanstack/react-router';
import { ChannelPage } from '../../../../admin/channel/channel-page.tsx';
import { channelSearch } from '../../../../admin/channel/search.ts';

export const Route = createFileRoute('/_desk/admin/options/editChannel')({
  validateSearch: channelSearch,
  component: ChannelPage,
});
