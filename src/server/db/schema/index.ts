export * from './accounts.ts';
export * from './files.ts';
