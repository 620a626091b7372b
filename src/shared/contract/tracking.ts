import { post, staff } from './core.ts';

/** Tracking nodes and records kept by staff (the query every surface reads is in common). */
export const tracking = {
  save: post('/tracking/save', 'Add a tracking record or node.', staff('trackingNode:edit')),
  update: post('/tracking/update', 'Update a tracking record or node.', staff('trackingNode:edit')),
  queryList: post('/tracking/queryList', 'Tracking records of several numbers.', staff('trackingNode:view')),
  list: post('/tracking/list', 'Tracking nodes, paged.', staff('trackingNode:view')),
};
