import { contract } from '../../../src/shared/contract/index.ts';
import { SUB_RIGHTS, type SubRight } from '../../../src/shared/domain/sub-rights.ts';
import type { TestApp } from './app.ts';
import { call } from './call.ts';

/**
 * Sets what the demo sub-account may do, as its main account (`mainToken`, demo's) does; every right
 * when none are named. For tests of features whose sub-account cases need a right the demo seed
 * does not give it (the seed's clerk holds no statements and no API keys).
 */
export async function setDemoSubRights(
  t: TestApp,
  mainToken: string,
  rights: readonly SubRight[] = SUB_RIGHTS,
): Promise<void> {
  const list = await call(t, contract.customer.subAccounts, {
    token: mainToken,
    body: {},
  });
  const sub = list.body.data.find((s) => s.username === 'demo-sub');
  if (!sub) throw new Error(`no demo-sub: ${list.raw}`);
  const r = await call(t, contract.customer.saveSubRights, {
    token: mainToken,
    body: { recId: sub.recId, rights: [...rights] },
  });
  if (r.status !== 200) throw new Error(`saveRights: ${r.raw}`);
}
