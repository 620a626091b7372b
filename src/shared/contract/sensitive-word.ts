import { post, staff } from './core.ts';

export const sensitiveWord = {
  query: post('/sensitiveWord/query', 'Sensitive words, paged.', staff('sensitiveWord:view')),
  add: post('/sensitiveWord/add', 'Add a sensitive word.', staff('sensitiveWord:edit')),
  update: post('/sensitiveWord/update', 'Update a sensitive word.', staff('sensitiveWord:edit')),
  delete: post('/sensitiveWord/delete', 'Delete a sensitive word.', staff('sensitiveWord:delete')),
};
