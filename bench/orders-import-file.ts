import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { rng } from './harness.ts';
import type { World } from './order-gen.ts';
import { FAMILY, FIRST, GOODS } from './order-names.ts';

/** The order bench's import file (orders.ts): a sheet of new orders of the load's customers. */

/** Orders in each import round's file. */
export const IMPORT_ORDERS = Number(process.env.BENCH_IMPORT_ORDERS ?? 100_000);

export async function buildImportFile(dir: string, w: World, round: number): Promise<string> {
  const path = join(dir, `orders-${round}.xlsx`);
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false });
  const ws = wb.addWorksheet('Sheet1');
  const keys = [
    'customerNo',
    'channel',
    'consigneeName',
    'consigneePhone',
    'country',
    'province',
    'city',
    'address',
    'weight',
    'cod',
    'codAmount',
    'codCurrency',
    'nameEn',
    'nameCn',
    'quantity',
    'hsCode',
    'unitPrice',
    'currency',
  ];
  ws.addRow(keys).commit();
  const sa = w.channels.find((c) => c.code === 'CN-SA-AIR-COD') ?? w.channels[0]!;
  const cities = sa.countries[0]!.cities;
  const r = rng(round * 7 + 1);
  for (let i = 1; i <= IMPORT_ORDERS; i++) {
    const c = cities[i % cities.length]!;
    const g = GOODS[i % GOODS.length]!;
    const cod = i % 2 === 0;
    ws.addRow([
      `IMP${round}-${String(i).padStart(7, '0')}`,
      sa.code,
      `${FIRST[i % FIRST.length]} ${FAMILY[i % FAMILY.length]}`,
      `+966 5${String(Math.floor(r() * 1e8)).padStart(8, '0')}`,
      sa.countries[0]!.code,
      c.pn,
      c.cn,
      `${1000 + (i % 9000)} Olaya Street, Unit ${1 + (i % 40)}`,
      (0.2 + (i % 40) / 10).toFixed(2),
      cod ? 'Y' : 'N',
      cod ? '199.00' : '',
      cod ? 'SAR' : '',
      g[0],
      g[1],
      '1',
      g[2],
      g[3],
      'USD',
    ]).commit();
  }
  ws.commit();
  await wb.commit();
  return path;
}
