import { sensitiveWord } from '../../../shared/contract/sensitive-word.ts';
import { implement } from '../../http/context.ts';
import {
  addSensitiveWord,
  deleteSensitiveWord,
  listSensitiveWords,
  updateSensitiveWord,
} from './sensitive-word.service.ts';

export const sensitiveWordRoutes = [
  implement(sensitiveWord.query, ({ body }, ctx) => listSensitiveWords(ctx.db, body)),
  implement(sensitiveWord.add, ({ body }, ctx) => addSensitiveWord(ctx.db, ctx.user.id, body)),
  implement(sensitiveWord.update, ({ body }, ctx) => updateSensitiveWord(ctx.db, body)),
  implement(sensitiveWord.delete, async ({ body }, ctx) => {
    await deleteSensitiveWord(ctx.db, body.recId);
    return null;
  }),
];
