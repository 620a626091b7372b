import { system } from '../../../shared/contract/system.ts';
import { implement } from '../../http/context.ts';
import { setPassword } from '../auth/auth.service.ts';
import { allMenus, deleteMenu, getMenu, listMenus, menusOf, saveMenu, toMenuItem } from './menus.service.ts';
import { deleteRole, getRole, listRoles, saveRole } from './roles.service.ts';
import { getUser, listUsers, saveUser } from './users.service.ts';

export const systemRoutes = [
  implement(system.getUserMenus, async (_i, ctx) =>
    (await menusOf(ctx.db, ctx.user)).map((m) => toMenuItem(m, ctx.locale)),
  ),
  implement(system.getAllMenus, async (_i, ctx) =>
    (await allMenus(ctx.db)).map((m) => toMenuItem(m, ctx.locale)),
  ),
  implement(system.menuList, async ({ body }, ctx) =>
    (await listMenus(ctx.db, body)).map((m) => toMenuItem(m, ctx.locale)),
  ),
  implement(system.menuSave, async ({ body }, ctx) => toMenuItem(await saveMenu(ctx.db, body), ctx.locale)),
  implement(system.menuGetById, async ({ body }, ctx) =>
    toMenuItem(await getMenu(ctx.db, body.recId), ctx.locale),
  ),
  implement(system.menuDelete, async ({ body }, ctx) => {
    await deleteMenu(ctx.db, body.recId);
    return null;
  }),
  implement(system.roleList, ({ body }, ctx) => listRoles(ctx.db, body)),
  implement(system.roleSave, ({ body }, ctx) => saveRole(ctx.db, body)),
  implement(system.roleGetById, ({ body }, ctx) => getRole(ctx.db, body.recId)),
  implement(system.roleDelete, async ({ body }, ctx) => {
    await deleteRole(ctx.db, body.recId);
    return null;
  }),
  implement(system.userList, ({ body }, ctx) => listUsers(ctx.db, body)),
  implement(system.userSave, ({ body }, ctx) => saveUser(ctx.db, ctx.user, body)),
  implement(system.userGetById, ({ body }, ctx) => getUser(ctx.db, body.recId)),
  implement(system.userUpdatePassword, async ({ body }, ctx) => {
    await getUser(ctx.db, body.recId);
    await setPassword(ctx.db, body.recId, body.password);
    return null;
  }),
];
