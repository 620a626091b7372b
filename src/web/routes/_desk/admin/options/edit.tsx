import { createFileRoute } from '@tanstack/react-router';
import { ChannelEditPage } from '../../../../admin/shipping/channel-edit-page.tsx';
import { channelEditSearch } from '../../../../admin/shipping/search.ts';

export const Route = createFileRoute('/_desk/admin/options/edit')({
  validateSearch: channelEditSearch,
  component: ChannelEditPage,
});
