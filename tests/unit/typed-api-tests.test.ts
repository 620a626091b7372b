import { describe, expect, it } from 'vitest';
import { entryOfPath, HOLE, literalsOf, rawCalls, rawCallsIn } from './support/raw-calls.ts';

/**
 * The ratchet of issue 43's typed API tests: the API tests call the contract's entries
 * (`call(t, contract.customer.add, …)`, tests/api/support/call.ts), so a renamed or reshaped call
 * fails to compile. Raw contract paths written as request URLs are counted here, and their number
 * may only go down. Lower RAW_CALLS when a file is converted; on a rebase, take the lower number
 * that passes.
 */
const RAW_CALLS = 0;

describe('typed API tests', () => {
  it(`make no more than ${RAW_CALLS} raw contract-path calls`, () => {
    const calls = rawCalls();
    const perFile = new Map<string, number>();
    for (const c of calls) perFile.set(c.file, (perFile.get(c.file) ?? 0) + 1);
    const list = [...perFile]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([file, n]) => `${n}\t${file}`)
      .join('\n');
    expect(
      calls.length,
      `${calls.length} raw contract-path calls (frozen at ${RAW_CALLS}); call the entry instead ` +
        `(tests/api/support/call.ts). Per file:\n${list}`,
    ).toBeLessThanOrEqual(RAW_CALLS);
  });

  it('names the entry of a path, with its parameters, a prefix or a query', () => {
    expect(entryOfPath('/customer/add')).toBe('customer.add');
    expect(entryOfPath('/api/common/v1/customer/add')).toBe('customer.add');
    expect(entryOfPath(`${HOLE}/customer/add`)).toBe('customer.add');
    expect(entryOfPath('/customer/list?pageNum=1')).toBe('customer.list');
    expect(entryOfPath(`/webhook/delete/${HOLE}`)).toBe('webhook.delete');
    expect(entryOfPath('/webhook/delete/12')).toBe('webhook.delete');
    expect(entryOfPath('/health')).toBeUndefined();
    expect(entryOfPath('/customer/nothing')).toBeUndefined();
    expect(entryOfPath('customer/add')).toBeUndefined();
  });

  it('reads literals, skipping comments and regular expressions', () => {
    const source = [
      "// t.call('POST', '/customer/add')",
      "/* '/customer/list' */ const a = 'x'; const re = /'[a-z]\\/'/g;",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a template literal
      'const b = `/webhook/delete/${id}` + "q";',
    ].join('\n');
    expect(literalsOf(source).map((l) => l.text)).toEqual(['x', `/webhook/delete/${HOLE}`, 'q']);
  });

  it('counts a path sent, not a path compared, a web page or an escaped path', () => {
    const source = [
      "await t.call('POST', '/customer/add', { body });",
      "await post<Page<X>>('/customer/list', {});",
      "await t.app.inject({ method: 'GET', url: '/api/common/v1/customer/options' });",
      "for (const [m, p] of [['POST', '/customer/update']]) await t.call(m, p);",
      "const A = '/order/list';",
      "expect(audit.path).toBe('/customer/add');",
      "expect(paths).toContain('/customer/add');",
      "if (r.path === '/customer/add' || '/customer/list' !== r.path) return;",
      "expect(seen.has('/customer/add')).toBe(true);",
      "const EXTRA = ['/webhook/delete/{id}'];",
      "await t.call('GET', '/health');",
      "await t.app.inject({ method: 'GET', url: '/login' });",
      '// raw path: the words a document must hold',
      "for (const p of ['/customer/add',",
      "  '/customer/list']) expect(doc).toContain(p);",
      "await t.call('POST', '/customer/add'); // raw path: a page",
    ].join('\n');
    expect(rawCallsIn('x.test.ts', source).map((c) => [c.line, c.entry])).toEqual([
      [1, 'customer.add'],
      [2, 'customer.list'],
      [3, 'customer.options'],
      [4, 'customer.update'],
      [5, 'order.list'],
    ]);
  });
});
