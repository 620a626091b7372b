/** The records and attempts of the delegation matrix (tests/api/delegation.test.ts, its attempts in delegation-attacks.ts). */

export interface Menu {
  recId: number;
  parentId: number;
  type: number;
  path: string;
  perms: string;
  nameCn: string;
  nameEn: string;
  nameAr: string;
}
export interface Role {
  recId: number;
  name: string;
  isAdmin: boolean;
  menuIds: number[];
}
export interface User {
  recId: number;
  username: string;
  type: number;
  roleIds: number[];
}

export type Body = Record<string, unknown>;
export interface Attempt {
  call: string;
  what: string;
  body: Body;
}
