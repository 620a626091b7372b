import { describe, expect, it } from 'vitest';
import type { EndpointDef } from '../../src/shared/contract/core.ts';
import { contract } from '../../src/shared/contract/index.ts';
import { xlsxOf } from '../support/files.ts';
import { useBatches } from './support/batches.ts';
import { callRaw } from './support/call.ts';
import { exportSheet } from './support/reports.ts';

describe('batches with air cargo', () => {
  const { t, tokens, post, detail, pickedUp, create, upload } = useBatches();

  describe('files', () => {
    const download = (entry: EndpointDef) => callRaw(t, entry, { token: tokens.operator, lang: 'en' });

    const exported = async (entry: EndpointDef, body: object) =>
      (await exportSheet(t, tokens.admin, entry, body)).sheet;

    it('exports batches and their clearance data', async () => {
      const { bill, orders } = await pickedUp(1);
      const b = (await create({ batchNo: 'BT-EXP-1', ladingIds: [bill.recId] })).body.data;
      const ws = await exported(contract.batch.export, { batchNos: 'BT-EXP-1' });
      expect(ws.getRow(1).getCell(1).value).toBe('Batch no');
      expect(ws.getRow(2).getCell(1).value).toBe('BT-EXP-1');
      const cl = await exported(contract.batch.exportClearanceData, { ids: [b.recId] });
      expect([
        cl.getRow(2).getCell(1).value,
        cl.getRow(2).getCell(3).value,
        cl.getRow(2).getCell(4).value,
      ]).toEqual(['BT-EXP-1', bill.no, orders[0]!.trackingNo]);
      expect((await post(contract.batch.export, 'pda', {})).status).toBe(403);
    });

    it('imports batches and air cargo from the templates; bad rows write nothing', async () => {
      for (const p of [contract.batch.downloadTemplate, contract.batch.airCargoDownload])
        expect((await download(p)).status, p.path).toBe(200);
      const { bill } = await pickedUp(1);
      const { bill: bill2 } = await pickedUp(1);
      const headers = [
        'Batch no',
        'Lading bill no',
        'Airline bill no',
        'Air cargo no',
        'Departure port',
        'Destination port',
        'Departure time',
        'Arrival time',
        'Port carrier',
        'First carrier',
        'Charged (battery)',
        'Mixed',
      ];
      const bad = await upload(
        contract.batch.import,
        'operator',
        await xlsxOf([headers, ['BT-IMP-1', bill.no, '', '', '', '', '', '', '', '', '', 'yes']]),
      );
      expect(bad.status).toBe(400);
      const errs = (bad.body.data as unknown as { errors: { message: string }[] }).errors.map(
        (e) => e.message,
      );
      expect(errs).toEqual(['Airline bill no cannot be empty', 'Charged cannot be blank']);
      const ok = await upload(
        contract.batch.import,
        'operator',
        await xlsxOf([
          headers,
          [
            'BT-IMP-1',
            bill.no,
            '999-1',
            'CA1',
            'PVG',
            'RUH',
            '2026-01-05 09:30',
            '2026-01-05 17:45',
            '',
            '',
            '否',
            '是',
          ],
          [
            'bt-imp-1',
            bill2.no,
            '999-1',
            'CA1',
            'PVG',
            'RUH',
            '2026-01-05 09:30',
            '2026-01-05 17:45',
            '',
            '',
            '0',
            '1',
          ],
        ]),
      );
      expect(ok.status, ok.raw).toBe(200);
      const res = ok.body.data;
      expect(res.batches).toEqual([expect.objectContaining({ batchNo: 'BT-IMP-1', ladingCount: 2 })]);
      const d = await detail(res.batches[0]!.recId);
      // 09:30 in Asia/Shanghai is 01:30 UTC.
      expect(d).toMatchObject({ charged: false, mixed: true, departureTime: '2026-01-05T01:30:00.000Z' });

      const airHeaders = headers.filter((h) => h !== 'Lading bill no');
      const air = await upload(
        contract.batch.airCargoImport,
        'operator',
        await xlsxOf([
          airHeaders,
          ['BT-IMP-1', '999-2', 'CA2', 'PEK', 'JED', '', '', 'Saudia', 'SF', 'yes', 'no'],
        ]),
      );
      expect(air.status, air.raw).toBe(200);
      expect(await detail(res.batches[0]!.recId)).toMatchObject({
        airlineBillNo: '999-2',
        charged: true,
        mixed: false,
      });
      const airBad = await upload(
        contract.batch.airCargoImport,
        'operator',
        await xlsxOf([airHeaders, ['BT-NONE', '999-2', '', '', '', '', '', '', '', 'x', '1']]),
      );
      expect(airBad.status).toBe(400);
      expect(
        (airBad.body.data as unknown as { errors: { message: string }[] }).errors.map((e) => e.message),
      ).toEqual(['Write yes or no (1 or 0)']);
      expect((await upload(contract.batch.import, 'pda', await xlsxOf([headers]))).status).toBe(403);
    });
  });
});
