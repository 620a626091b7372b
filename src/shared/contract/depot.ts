import { post } from './core.ts';

export const depot = {
  list: post('/depot/list', 'Depots (warehouses) for pickers.', { staff: true, pda: true }),
};
