import type { Db } from '../../client.ts';
import { sensitiveWords } from '../../schema/index.ts';

/** Words customs commonly holds parcels for: [word, category, remark]. */
const WORDS: [string, string, string][] = [
  ['battery', 'battery', 'Batteries need a battery-approved channel'],
  ['lithium', 'battery', 'Lithium cells and batteries (UN3480/UN3481)'],
  ['power bank', 'battery', 'Power banks ship only on battery channels'],
  ['e-cigarette', 'battery', 'E-cigarettes and vapes'],
  ['powder', 'powder', 'Unidentified powders need an MSDS'],
  ['liquid', 'liquid', 'Liquids need an MSDS and leak-proof packing'],
  ['perfume', 'liquid', 'Flammable liquid (UN1266)'],
  ['alcohol', 'liquid', 'Flammable; refused by Gulf customs'],
  ['nail polish', 'liquid', 'Flammable liquid'],
  ['aerosol', 'pressurised', 'Pressurised cans'],
  ['lighter', 'flammable', 'Lighters and lighter gas'],
  ['knife', 'weapon', 'Knives and blades'],
  ['magnet', 'magnetic', 'Strong magnets need a magnetic test report'],
  ['medicine', 'medicine', 'Medicines need an import permit'],
  ['seeds', 'plant', 'Seeds and plants need a phytosanitary certificate'],
  ['电池', 'battery', '含电池货物需走带电渠道'],
  ['锂电池', 'battery', '锂电池（UN3480/UN3481）'],
  ['充电宝', 'battery', '移动电源只能走带电渠道'],
  ['电子烟', 'battery', '电子烟及烟弹'],
  ['粉末', 'powder', '不明粉末需提供 MSDS'],
  ['液体', 'liquid', '液体需提供 MSDS 并防漏包装'],
  ['香水', 'liquid', '易燃液体'],
  ['刀具', 'weapon', '刀具及刀片'],
  ['磁铁', 'magnetic', '强磁物品需提供磁检报告'],
];

/** Demo sensitive words; the unique index (lower-case word) keeps a second run from adding any. */
export async function seedSensitiveWords(db: Db): Promise<void> {
  await db
    .insert(sensitiveWords)
    .values(WORDS.map(([word, category, remark]) => ({ word, category, remark })))
    .onConflictDoNothing();
}
