import type { EndpointDef } from '../../../../src/shared/contract/core.ts';
import { contract } from '../../../../src/shared/contract/index.ts';
import { today } from '../../../../src/shared/domain/analysis.ts';
import { addDays } from '../../../../src/shared/domain/report-period.ts';
import { sheetTime, ZONE } from '../confirmations.ts';
import type { Fixture } from './fixtures.ts';
import { sheet } from './sheets.ts';
import type { World } from './world.ts';

const HOUR = 3_600_000;
const S = contract.statement;
/** The list calls whose rows `demoRowId` reads. */
type RowList = typeof contract.report.list | typeof S.trackingStatementDate;

/** The last 30 business days, today included: the range every report call is asked for. */
const range = () => {
  const end = today(ZONE);
  return { startDate: addDays(end, -30), endDate: end };
};

/**
 * The id of one of the DEMO customer's rows (`<customer id>-<YYYYMMDD>-<YYYYMMDD>`) as the list
 * call at `path` answers it to staff, after making sure there is one: a COD order of the demo
 * customer delivered an hour ago (it is in the waybill report, a logistics bill and the COD
 * collected). `other` asks for the same id and must get 404.
 */
const rows = new WeakMap<World, Map<string, Promise<string>>>();
function demoRowId(w: World, list: RowList): Promise<string> {
  const byPath = rows.get(w) ?? new Map<string, Promise<string>>();
  rows.set(w, byPath);
  let id = byPath.get(list.path);
  if (!id) {
    id = (async () => {
      await w.delivered();
      const page = await w.ok('admin', list, { ...range(), customerId: w.customer.demo });
      if (!page.records[0]) throw new Error(`${list.path}: no row of the demo customer`);
      return page.records[0].id;
    })();
    byPath.set(list.path, id);
  }
  return id;
}

/** A carrier's confirmation file of one fresh order that the carrier has taken. */
const confirmation = async (w: World, template: EndpointDef, time: string) =>
  sheet(w, template, {
    'tracking no': (await w.shippedEarlier()).trackingNo,
    [time]: sheetTime(new Date(Date.now() - HOUR)),
  });

/**
 * Valid inputs for the reports and statements (a date range, a real row of the demo customer) and
 * for the confirmation and reconciliation imports (a file of one fresh order in the state needed).
 */
export const reportFixtures: Record<string, Fixture> = {
  'report.list': () => ({ body: range() }),
  'report.listExport': () => ({ body: range() }),
  'report.listDetailExport': () => ({ body: range() }),
  'report.detail': async (w) => ({ body: { id: await demoRowId(w, contract.report.list) } }),
  'report.detailExport': async (w) => ({ body: { id: await demoRowId(w, contract.report.list) } }),

  'statement.trackingStatementDate': () => ({ body: range() }),
  'statement.listExport': () => ({ body: range() }),
  'statement.listDetailExport': () => ({ body: range() }),
  'statement.detail': async (w) => ({ body: { id: await demoRowId(w, S.trackingStatementDate) } }),
  'statement.detailExport': async (w) => ({
    body: { id: await demoRowId(w, S.trackingStatementDate) },
  }),
  'statement.collectingList': () => ({ body: range() }),
  'statement.collectingDetail': () => ({ body: range() }),
  'statement.collectingDetailExport': () => ({ body: range() }),

  'statement.importPromptDelivery': (w) => confirmation(w, S.downloadDeliveryFile, 'sign time'),
  'statement.importPromptReturn': (w) => confirmation(w, S.downloadReturnFile, 'return time'),
  'closedLoop.overseasImport': async (w) =>
    sheet(w, contract.closedLoop.overseasTemplate, {
      'tracking no': (await w.delivered()).trackingNo,
      'remitted amount': '199.00',
      currency: 'SAR',
      'remittance date': today(ZONE),
      'remittance reference': w.uniq('RMT-'),
    }),
};
