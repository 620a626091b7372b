import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * DESIGN.md "The desk kit": every desk table is the kit's (src/web/admin/kit), so every list has
 * its sorting, column settings, density, page sizes and sticky header, and every table its
 * formatter. A screen that renders Ant Design's Table itself fails here. So does a filter form of
 * its own (a form submitted by a Search button): every list filters through the kit's FilterForm
 * and its fields (collapsible, the URL's values, trimmed text, the ranges of the business zone).
 */

const root = resolve(import.meta.dirname, '../../..');
const web = join(root, 'src/web');
const kit = join(web, 'admin/kit');

/** Screens still rendering antd's Table, moved onto the kit batch by batch: this list only shrinks. */
const NOT_YET_MOVED = new Set<string>([]);

/** Screens still rolling their own Search/Reset filter form, moved batch by batch: it only shrinks. */
const FILTERS_NOT_YET_MOVED = new Set<string>([]);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return files(p);
    return /\.(ts|tsx)$/.test(name) ? [p] : [];
  });
}

const antdImport = /import\s+(type\s+)?\{([^}]*)\}\s+from\s+['"]antd['"]/g;
const tablePackage =
  /import\s+(?!type\b)[^;]*?from\s+['"](?:antd\/(?:es|lib)\/table[^'"]*|@rc-component\/table|rc-table)['"]/;

/** Whether a source renders a table of its own: Table as a value from antd, or a table package. */
function rendersOwnTable(text: string): boolean {
  for (const m of text.matchAll(antdImport)) {
    if (m[1]) continue;
    const names = m[2]!.split(',').map((n) => n.trim());
    if (names.some((n) => n === 'Table' || /^Table\s+as\s+/.test(n))) return true;
  }
  return tablePackage.test(text);
}

/**
 * Whether a source rolls a filter form of its own: a submit button labelled Search (the kit's
 * FilterForm is the one place that has one).
 */
function rollsOwnFilterForm(text: string): boolean {
  return /htmlType=["{']+submit["}']+[\s\S]{0,160}?\{t`Search`\}/.test(text);
}

describe('the desk kit', () => {
  it('recognises a table rendered outside the kit', () => {
    expect(rendersOwnTable("import { Button, Table } from 'antd';")).toBe(true);
    expect(rendersOwnTable("import {\n  Flex,\n  Table as T,\n} from 'antd';")).toBe(true);
    expect(rendersOwnTable("import { Button, type TableColumnsType } from 'antd';")).toBe(false);
    expect(rendersOwnTable("import type { TableProps } from 'antd';")).toBe(false);
    expect(rendersOwnTable("import Table from 'antd/es/table';")).toBe(true);
    expect(rendersOwnTable("import type { SorterResult } from 'antd/es/table/interface';")).toBe(false);
  });

  it('holds every table of the web app: no screen renders antd Table itself', () => {
    const own = files(web)
      .filter((f) => !f.startsWith(kit))
      .filter((f) => rendersOwnTable(readFileSync(f, 'utf8')))
      .map((f) => relative(root, f));
    expect(own.filter((f) => !NOT_YET_MOVED.has(f))).toEqual([]);
    // A file moved onto the kit leaves the list.
    expect([...NOT_YET_MOVED].filter((f) => !own.includes(f))).toEqual([]);
  });

  it('recognises a filter form rolled outside the kit', () => {
    const own = `<Form onFinish={search}>
      <Form.Item><Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
        {t\`Search\`}
      </Button></Form.Item>
      <Button onClick={reset}>{t\`Reset\`}</Button></Form>`;
    expect(rollsOwnFilterForm(own)).toBe(true);
    expect(rollsOwnFilterForm('<Button htmlType="submit">\n{t`Search`}</Button>')).toBe(true);
    expect(rollsOwnFilterForm('<Button htmlType="submit">{t`Save`}</Button>')).toBe(false);
    expect(rollsOwnFilterForm('<FilterForm value={v} onSearch={go} label={t`Filter roles`} />')).toBe(false);
  });

  it('holds every filter form of the web app: no screen rolls its own Search and Reset', () => {
    const own = files(web)
      .filter((f) => !f.startsWith(kit))
      .filter((f) => rollsOwnFilterForm(readFileSync(f, 'utf8')))
      .map((f) => relative(root, f));
    expect(own.filter((f) => !FILTERS_NOT_YET_MOVED.has(f))).toEqual([]);
    // A file moved onto the kit leaves the list.
    expect([...FILTERS_NOT_YET_MOVED].filter((f) => !own.includes(f))).toEqual([]);
    // The kit's own form is the one the test looks for.
    expect(rollsOwnFilterForm(readFileSync(join(kit, 'filter-form.tsx'), 'utf8'))).toBe(true);
  });
});
