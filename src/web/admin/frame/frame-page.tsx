import { useLingui } from '@lingui/react/macro';
import { Result } from 'antd';
import { frameSandbox, frameUrl } from './frame-url.ts';

/**
 * /frame and /frame/nomal (spec 2): the address of the `url` query parameter in a sandboxed frame,
 * only when it is an http(s) address.
 */
export function FramePage({ url, full = false }: { url: string | undefined; full?: boolean }) {
  const { t } = useLingui();
  const target = frameUrl(url);
  if (!target)
    return (
      <Result
        status="warning"
        title={t`This address cannot be shown`}
        subTitle={t`Only web addresses that start with http:// or https:// can be shown here.`}
        data-testid="frame-refused"
      />
    );
  return (
    <iframe
      className={full ? 'frame-page frame-page--full' : 'frame-page'}
      data-testid="frame"
      title={t`External page`}
      src={target.href}
      sandbox={frameSandbox(target, window.location.origin)}
      referrerPolicy="no-referrer"
    />
  );
}
