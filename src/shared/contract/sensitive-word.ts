import { z } from 'zod';
import { endpoint, id, isoTime, listRequest, optionalText, pageOf, requiredText, text } from './core.ts';

/** A word customs refuses; goods names containing it are flagged on orders. */
export const sensitiveWordRecord = z.object({
  recId: z.number().int(),
  /** Kept in lower case; unique regardless of case. */
  word: z.string(),
  category: z.string(),
  remark: z.string(),
  createdBy: z.string().nullable(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type SensitiveWordRecord = z.infer<typeof sensitiveWordRecord>;

const wordFields = {
  word: requiredText(100),
  category: text(50).default(''),
  remark: text(500).default(''),
};

export const sensitiveWord = {
  query: endpoint({
    method: 'POST',
    path: '/sensitiveWord/query',
    kind: 'json',
    summary: 'Sensitive words, paged, filtered by part of the word and by category; alphabetical.',
    body: listRequest({ word: optionalText(100), category: optionalText(50) }).prefault({}),
    data: pageOf(sensitiveWordRecord),
    access: { staff: 'sensitiveWord:view' },
  }),
  add: endpoint({
    method: 'POST',
    path: '/sensitiveWord/add',
    kind: 'json',
    summary: 'Add a sensitive word (unique regardless of case).',
    body: z.object(wordFields).strict(),
    data: sensitiveWordRecord,
    access: { staff: 'sensitiveWord:edit' },
  }),
  update: endpoint({
    method: 'POST',
    path: '/sensitiveWord/update',
    kind: 'json',
    summary: 'Update a sensitive word.',
    body: z.object({ recId: id, ...wordFields }).strict(),
    data: sensitiveWordRecord,
    access: { staff: 'sensitiveWord:edit' },
  }),
  delete: endpoint({
    method: 'POST',
    path: '/sensitiveWord/delete',
    kind: 'json',
    summary: 'Delete a sensitive word.',
    body: z.object({ recId: id }).strict(),
    data: z.null(),
    access: { staff: 'sensitiveWord:delete' },
  }),
};
