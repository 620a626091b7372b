import { createFileRoute } from '@tanstack/react-router';
import { OutboxScreen } from '../../pda/outbox/outbox-screen.tsx';

export const Route = createFileRoute('/pda/outbox')({
  component: OutboxScreen,
});
