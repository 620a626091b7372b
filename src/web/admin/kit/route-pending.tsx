import { Spin } from 'antd';

/** The desk's pending view of a page whose loader runs: the layout's spinner (ScreenGate's look). */
export function RoutePending() {
  return <Spin size="large" className="screen-gate__wait" data-testid="route-pending" />;
}
