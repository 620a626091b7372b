export * from './accounts.ts';
export * from './cod.ts';
export * from './files.ts';
export * from './lading.ts';
export * from './master.ts';
export * from './orders.ts';
export * from './origin-orders.ts';
export * from './store.ts';
