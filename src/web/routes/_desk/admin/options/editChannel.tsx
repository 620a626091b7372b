import { createFileRoute } from '@tanstack/react-router';
import { ChannelPage } from '../../../../admin/shipping/channel-page.tsx';
import { channelSearch } from '../../../../admin/shipping/search.ts';

export const Route = createFileRoute('/_desk/admin/options/editChannel')({
  validateSearch: channelSearch,
  component: ChannelPage,
});
