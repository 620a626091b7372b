/** The URL of database `name` on the server of `url` (tests and benchmarks make their own). */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
