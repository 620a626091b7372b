import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { memo, type ReactNode } from 'react';
import { BackIcon } from './pda-icons.tsx';

/**
 * The title of a PDA screen under the top bar, with the way back where the thumb finds it. Drawn
 * again only when its props change, not with every scan its screen takes.
 */
export const ScreenHeader = memo(function ScreenHeader({
  title,
  back = '/pda',
  after,
}: {
  title: ReactNode;
  back?: string;
  after?: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <div className="flex min-h-14 items-center gap-1 px-2 pt-2">
      <Link
        to={back}
        className="flex size-12 shrink-0 items-center justify-center rounded-full text-md-light-primary active:bg-black/5"
        aria-label={t`Back`}
        data-testid="screen-back"
      >
        <BackIcon />
      </Link>
      <h1 className="min-w-0 flex-1 truncate text-xl font-medium" data-testid="screen-title">
        {title}
      </h1>
      {after}
    </div>
  );
});
