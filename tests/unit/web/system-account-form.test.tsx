// @vitest-environment happy-dom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AccountOptions, UserRecord } from '../../../src/shared/contract/system.ts';
import { AccountFormModal } from '../../../src/web/admin/system/account/account-form-modal.tsx';
import { activateLocale, i18n } from '../../../src/web/i18n.ts';

const BASE = 'http://api.test/api/common/v1';
const options: AccountOptions = {
  customers: [{ recId: 5, code: 'DEMO', name: 'Demo Trading' }],
  roles: [{ recId: 1, name: 'Administrator' }],
};
const record = (patch: Partial<UserRecord>): UserRecord => ({
  recId: 7,
  username: 'clerk',
  nickname: 'Clerk',
  type: 1,
  status: 1,
  customerId: null,
  customerName: null,
  email: '',
  phone: '',
  roleIds: [1],
  createdAt: '2026-01-02T03:04:05.000Z',
  ...patch,
});

function wrap(node: ReactNode) {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <App>{node}</App>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  vi.stubEnv('VITE_API_BASE', BASE);
  await activateLocale('en');
});
afterEach(async () => {
  cleanup();
  await activateLocale('en');
  vi.unstubAllGlobals();
});
afterAll(() => {
  vi.unstubAllEnvs();
});

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('the account dialog', () => {
  it('asks for username and password on a new account, with the translated messages', async () => {
    wrap(<AccountFormModal open user={null} options={options} onClose={() => {}} />);
    expect(screen.getByText('Add account')).toBeTruthy();
    save();
    expect(await screen.findByText('Please enter the username')).toBeTruthy();
    expect(await screen.findByText('The new password cannot not empty!')).toBeTruthy();
    expect(await screen.findByText('Repeat password cannot be empty')).toBeTruthy();
  });

  it('requires a customer for a main account and says so in the current language', async () => {
    await activateLocale('cn');
    wrap(
      <AccountFormModal open user={record({ type: 2, roleIds: [] })} options={options} onClose={() => {}} />,
    );
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    expect(await screen.findByText('主账号和子账号必须属于一个客户')).toBeTruthy();
  });

  it('saves an edited staff account with its roles and closes', async () => {
    const fetch = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response(JSON.stringify({ code: 1, msg: 'Success', data: record({}) }), {
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const onClose = vi.fn();
    wrap(<AccountFormModal open user={record({})} options={options} onClose={onClose} />);
    expect(screen.queryByLabelText('Password')).toBeNull();
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`${BASE}/user/save`);
    expect(JSON.parse(String(init.body))).toEqual({
      recId: 7,
      username: 'clerk',
      nickname: 'Clerk',
      type: 1,
      status: 1,
      customerId: null,
      roleIds: [1],
      email: '',
      phone: '',
    });
    expect(await screen.findByText('Edit Success')).toBeTruthy();
  });
});
