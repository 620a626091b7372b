export * from './accounts.ts';
export * from './files.ts';
export * from './master.ts';
