import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** What the PDA end-to-end tests share: API calls as the desk makes them, login, wedge scans. */

export const API = '/api/common/v1';
export const SHOTS = process.env.PDA_SHOTS ?? 'test-results';

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export class Api {
  private readonly http: APIRequestContext;
  private readonly token: string;

  constructor(http: APIRequestContext, token: string) {
    this.http = http;
    this.token = token;
  }

  static async login(http: APIRequestContext, username: string, password: string): Promise<Api> {
    const r = await http.post(`${API}/login`, { data: { username, password } });
    const body = (await r.json()) as Envelope<{ token: string }>;
    expect(body.code, JSON.stringify(body)).toBe(1);
    return new Api(http, body.data.token);
  }

  async call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    lang = 'cn',
  ): Promise<Envelope<T> & { status: number }> {
    const r = await this.http.fetch(`${API}${path}`, {
      method,
      headers: { Authorization: `Bearer ${this.token}`, 'local-lang': lang },
      ...(method === 'POST' ? { data: body ?? {} } : {}),
    });
    return { status: r.status(), ...((await r.json()) as Envelope<T>) };
  }

  /** A file the server sends (a template), as bytes. */
  async file(path: string, lang = 'en'): Promise<Buffer> {
    const r = await this.http.get(`${API}${path}`, {
      headers: { Authorization: `Bearer ${this.token}`, 'local-lang': lang },
    });
    expect(r.status(), path).toBe(200);
    return r.body();
  }

  async ok<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const r = await this.call<T>(method, path, body);
    expect(r.code, `${path}: ${r.msg}`).toBe(1);
    return r.data;
  }
}

export interface Ids {
  regionIds: number[];
  channelId: number;
}

export async function lookups(admin: Api): Promise<Ids> {
  const regionIds: number[] = [];
  for (const code of ['SA', 'SA-RI', 'SA-RI-RUH', 'SA-RI-RUH-OL']) {
    const page = await admin.ok<{ records: { recId: number; code: string }[] }>('POST', '/region/list', {
      keyword: code,
      pageSize: 100,
    });
    const region = page.records.find((r) => r.code === code);
    expect(region, `region ${code}`).toBeDefined();
    regionIds.push(region!.recId);
  }
  const channels = await admin.ok<{ recId: number; code: string }[]>('POST', '/shipping/list/simple', {});
  const channel = channels.find((c) => c.code === 'CN-SA-AIR-COD');
  expect(channel).toBeDefined();
  return { regionIds, channelId: channel!.recId };
}

/**
 * Orders of the demo customer, received at the warehouse (ready for a lading bill); with `address`,
 * all to that one consignee (a package merges them).
 */
export async function makeOrders(
  customer: Api,
  operator: Api,
  ids: Ids,
  n: number,
  address?: string,
): Promise<string[]> {
  const made: string[] = [];
  const one = async (i: number) => {
    const order = await customer.ok<{ trackingNo: string }>('POST', '/order/create', {
      channelId: ids.channelId,
      consignee: {
        name: 'Ahmed Al-Harbi',
        phone: '+966 50 123 4567',
        regionIds: ids.regionIds,
        address: address ?? `King Fahd Road ${i} ${Math.random().toString(36).slice(2, 8)}`,
      },
      weight: '1.250',
      isCod: false,
      goods: [{ nameEn: 'T-shirt', nameCn: 'T恤', quantity: 2, hsCode: '610910', unitPrice: '9.90' }],
    });
    const received = await operator.ok<{ kind: string }>('POST', `/order/receive/${order.trackingNo}`, {});
    expect(received.kind).toBe('ok');
    made.push(order.trackingNo);
  };
  for (let i = 0; i < n; i += 8) {
    await Promise.all(Array.from({ length: Math.min(8, n - i) }, (_, k) => one(i + k)));
  }
  return made;
}

export interface Bill {
  recId: number;
  no: string;
}

export async function logIn(page: Page, username = 'pda', password = 'pda123'): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/pda$/);
}

export async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/** A keyboard-wedge scanner: the code as a fast burst of keys, then Enter. */
export async function wedge(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code, { delay: 2 });
  await page.keyboard.press('Enter');
}

/**
 * A wedge burst made inside the page, a key every 4 ms, with the focus on nothing: only the
 * burst recogniser can take it (Playwright's own typing goes through the browser's protocol, whose
 * pace a loaded machine stretches past a scanner's).
 */
export async function wedgeInPage(page: Page, code: string): Promise<void> {
  await page.evaluate(async (text) => {
    (document.activeElement as HTMLElement | null)?.blur();
    const key = (k: string, keyCode: number) =>
      document.body.dispatchEvent(
        new KeyboardEvent('keydown', { key: k, keyCode, bubbles: true, cancelable: true }),
      );
    for (const ch of text) {
      key(ch, ch.charCodeAt(0));
      await new Promise((r) => setTimeout(r, 4));
    }
    key('Enter', 13);
  }, code);
}

/** A scanner that types through an input method: keyCode 229 keys, the text in input events. */
export async function imeWedgeInPage(page: Page, code: string): Promise<void> {
  await page.evaluate(async (text) => {
    const field = document.querySelector<HTMLInputElement>('[data-testid="scan-input"]')!;
    field.focus();
    for (const ch of text) {
      field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Unidentified', keyCode: 229, bubbles: true }));
      field.dispatchEvent(new InputEvent('input', { data: ch, inputType: 'insertText', bubbles: true }));
      await new Promise((r) => setTimeout(r, 4));
    }
    field.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Enter', keyCode: 13, bubbles: true, cancelable: true }),
    );
  }, code);
}
