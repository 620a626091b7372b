import { createFileRoute } from '@tanstack/react-router';
import { ChannelEditPage } from '../../../../admin/channel/channel-edit-page.tsx';
import { channelEditSearch } from '../../../../admin/channel/search.ts';

export const Route = createFileRoute('/_desk/admin/options/edit')({
  validateSearch: channelEditSearch,
  component: ChannelEditPage,
});
