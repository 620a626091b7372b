import { createFileRoute } from '@tanstack/react-router';
import { PdaHome } from '../../pda/pda-home.tsx';

export const Route = createFileRoute('/pda/')({
  component: PdaHome,
});
