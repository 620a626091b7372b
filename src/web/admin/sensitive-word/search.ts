import { z } from 'zod';

const int = (min: number, max: number) =>
  z.coerce.number().int().min(min).max(max).optional().catch(undefined);
const text = (max: number) => z.coerce.string().trim().max(max).optional().catch(undefined);

/** The sensitive-word list keeps its filters and page in the URL. */
export const sensitiveWordSearch = z.object({
  pageNo: int(1, 1_000_000),
  pageSize: int(1, 100),
  word: text(100),
  category: text(50),
});
export type SensitiveWordSearch = z.infer<typeof sensitiveWordSearch>;
