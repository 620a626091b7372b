import { describe, expect, it } from 'vitest';
import { safeRedirect } from '../../../src/web/session/redirect.ts';

describe('safeRedirect', () => {
  it.each([
    '/admin',
    '/admin/order/list',
    '/admin/order/list?pageNo=2&status=1',
    '/admin/foreignOrder/list/123#goods',
    '/admin/user/order/list?name=%E4%B8%AD',
    '/pda',
    '/',
    '/admin/report/waybill/~x_y-z@1',
  ])('keeps the local path %s', (path) => {
    expect(safeRedirect(path)).toBe(path);
  });

  it.each([
    ['an absolute URL', 'https://evil.example/admin'],
    ['a protocol-relative URL', '//evil.example'],
    ['a backslash host', '/\\evil.example'],
    ['a backslash anywhere', '/admin\\..\\x'],
    ['a scheme', 'javascript:alert(1)'],
    ['a scheme after the slash', '/javascript:alert(1)'],
    ['a data URL', 'data:text/html,<script>alert(1)</script>'],
    ['an encoded protocol-relative URL', '/%2F%2Fevil.example'],
    ['an encoded backslash', '/%5Cevil.example'],
    ['a doubly encoded slash', '/%252F%252Fevil.example'],
    ['a triply encoded slash', '/%25252F%25252Fevil.example'],
    ['an encoded scheme', '/%6Aavascript%3Aalert(1)'],
    ['a tab that browsers drop', '/\t/evil.example'],
    ['an encoded tab', '/%09/evil.example'],
    ['a newline', '/admin\n'],
    ['an encoded NUL', '/admin%00'],
    ['leading whitespace', ' /admin'],
    ['a relative path', 'admin'],
    ['an empty string', ''],
    ['a dot segment', '/../admin'],
    ['malformed encoding', '/admin%E4%B8'],
    ['a space in the path', '/ad min'],
    ['a very long path', `/${'a'.repeat(3000)}`],
    ['a non-string', ['/admin']],
    ['undefined', undefined],
  ])('refuses %s', (_, value) => {
    expect(safeRedirect(value)).toBeUndefined();
  });
});
