import { createFileRoute } from '@tanstack/react-router';
import { ExchangeScreen } from '../../pda/exchange/exchange-screen.tsx';

export const Route = createFileRoute('/pda/exchange')({
  component: ExchangeScreen,
});
