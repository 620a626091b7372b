import { Outlet } from '@tanstack/react-router';
import { Layout } from 'antd';
import { AppHeader } from './app-header.tsx';

/** The default layout of the top-level pages (spec 2): the header above the page. */
export function DefaultLayout() {
  return (
    <Layout className="default-layout">
      <Layout.Header className="admin-layout__header">
        <AppHeader />
      </Layout.Header>
      <Layout.Content className="default-layout__content">
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
