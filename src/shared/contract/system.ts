import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../domain/password.ts';
import { messages } from '../i18n/messages.ts';
import { endpoint, id, isoTime, listRequest, optionalText, pageOf, requiredText } from './core.ts';

const recIdBody = z.object({ recId: id }).strict();

// ---- menus ----

export const menuItem = z.object({
  recId: z.number().int(),
  parentId: z.number().int(),
  /** In the language of the request. */
  name: z.string(),
  nameCn: z.string(),
  nameEn: z.string(),
  nameAr: z.string(),
  type: z.number().int().min(1).max(3),
  /** Route path for types 1 and 2; the permission key for type 3 (button). */
  path: z.string(),
  /** Permission keys a screen entry grants, comma separated. */
  perms: z.string(),
  icon: z.string(),
  sort: z.number().int(),
});
export type MenuItem = z.infer<typeof menuItem>;

const menuInput = z
  .object({
    recId: id.optional(),
    parentId: z.coerce.number().int().min(0),
    nameCn: requiredText(64),
    nameEn: requiredText(64),
    nameAr: requiredText(64),
    type: z.coerce.number().int().min(1).max(3),
    path: requiredText(200),
    perms: z.string().trim().max(500).default(''),
    icon: z.string().trim().max(64).default(''),
    sort: z.coerce.number().int().min(0).max(100000).default(0),
  })
  .strict();

// ---- roles ----

export const role = z.object({
  recId: z.number().int(),
  name: z.string(),
  remark: z.string(),
  isAdmin: z.boolean(),
  menuIds: z.array(z.number().int()),
  createdAt: isoTime,
});
export type Role = z.infer<typeof role>;

const roleInput = z
  .object({
    recId: id.optional(),
    name: requiredText(64),
    remark: z.string().trim().max(500).default(''),
    menuIds: z.array(id).max(5000).default([]),
  })
  .strict();

// ---- users ----

export const userRecord = z.object({
  recId: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  type: z.number().int(),
  status: z.number().int(),
  customerId: z.number().int().nullable(),
  customerName: z.string().nullable(),
  email: z.string(),
  phone: z.string(),
  roleIds: z.array(z.number().int()),
  createdAt: isoTime,
});
export type UserRecord = z.infer<typeof userRecord>;

/**
 * What the account editor picks from: every customer (for types 2 and 3) and every role. It comes
 * with the account list because holding account:view is enough to edit accounts' roles and customer,
 * while role/list and customer/getCustomers need other permissions.
 */
export const accountOptions = z.object({
  customers: z.array(z.object({ recId: z.number().int(), code: z.string(), name: z.string() })),
  roles: z.array(z.object({ recId: z.number().int(), name: z.string() })),
});
export type AccountOptions = z.infer<typeof accountOptions>;

const password = z.string().min(MIN_PASSWORD_LENGTH).max(MAX_PASSWORD_LENGTH);

const userInput = z
  .object({
    recId: id.optional(),
    username: requiredText(64).regex(/^[A-Za-z0-9_.@-]+$/),
    nickname: z.string().trim().max(64).default(''),
    type: z.coerce.number().int().min(1).max(4),
    status: z.coerce.number().int().min(1).max(2).default(1),
    customerId: id.nullable().optional(),
    email: z.string().trim().max(200).default(''),
    phone: z.string().trim().max(40).default(''),
    roleIds: z.array(id).max(100).default([]),
    /** Required when creating; ignored on update (use updatePassword). */
    password: password.optional(),
  })
  .strict();

export const system = {
  getUserMenus: endpoint({
    method: 'POST',
    path: '/menu/getUserMenus',
    kind: 'json',
    summary:
      "The caller's menu items, type 3 (buttons) included; the client builds its tree and authorization list.",
    data: z.array(menuItem),
    access: { anyUser: true },
  }),
  getAllMenus: endpoint({
    method: 'POST',
    path: '/menu/getAllMenus',
    kind: 'json',
    summary: 'Every menu item, for the role editor tree.',
    data: z.array(menuItem),
    access: { staff: 'role:view' },
  }),
  menuList: endpoint({
    method: 'POST',
    path: '/menu/list',
    kind: 'json',
    summary: 'Menu items, flat, filtered by name or type.',
    body: z
      .object({ name: optionalText(64), type: z.coerce.number().int().min(1).max(3).optional() })
      .strict()
      .prefault({}),
    data: z.array(menuItem),
    access: { staff: 'menu:view' },
  }),
  menuSave: endpoint({
    method: 'POST',
    path: '/menu/save',
    kind: 'json',
    summary: 'Create (no recId) or update a menu item.',
    body: menuInput,
    data: menuItem,
    access: { staff: 'menu:edit', grants: 'menu' },
  }),
  menuGetById: endpoint({
    method: 'POST',
    path: '/menu/getById',
    kind: 'json',
    summary: 'One menu item.',
    body: recIdBody,
    data: menuItem,
    access: { staff: 'menu:view' },
  }),
  menuDelete: endpoint({
    method: 'POST',
    path: '/menu/delete',
    kind: 'json',
    summary: 'Delete a menu item that has no children.',
    body: recIdBody,
    data: z.null(),
    access: { staff: 'menu:edit', grants: 'menu' },
  }),
  roleList: endpoint({
    method: 'POST',
    path: '/role/list',
    kind: 'json',
    summary: 'Roles, paged, filtered by name.',
    body: listRequest({ name: optionalText(64) }),
    data: pageOf(role),
    access: { staff: 'role:view' },
  }),
  roleSave: endpoint({
    method: 'POST',
    path: '/role/save',
    kind: 'json',
    summary: 'Create (no recId) or update a role with its menu recIds.',
    body: roleInput,
    data: role,
    access: { staff: 'role:edit', grants: 'role' },
  }),
  roleGetById: endpoint({
    method: 'POST',
    path: '/role/getById',
    kind: 'json',
    summary: 'One role with its menu recIds.',
    body: recIdBody,
    data: role,
    access: { staff: 'role:view' },
  }),
  roleDelete: endpoint({
    method: 'POST',
    path: '/role/delete',
    kind: 'json',
    summary: 'Delete a role no user holds.',
    body: recIdBody,
    data: z.null(),
    access: { staff: 'role:edit', grants: 'role' },
  }),
  userList: endpoint({
    method: 'POST',
    path: '/user/list',
    kind: 'json',
    summary:
      'Accounts, paged, filtered by username, type, status and customer; with `withOptions` also the customers and roles the account editor offers.',
    body: listRequest({
      username: optionalText(64),
      type: z.coerce.number().int().min(1).max(4).optional(),
      status: z.coerce.number().int().min(1).max(2).optional(),
      customerId: id.optional(),
      withOptions: z.boolean().optional(),
    }),
    data: pageOf(userRecord).extend({ options: accountOptions.optional() }),
    access: { staff: 'account:view' },
  }),
  userSave: endpoint({
    method: 'POST',
    path: '/user/save',
    kind: 'json',
    summary: 'Create (no recId, password required) or update an account; disabling ends its sessions.',
    body: userInput,
    data: userRecord,
    access: { staff: 'account:edit', grants: 'account' },
  }),
  userUpdatePassword: endpoint({
    method: 'POST',
    path: '/user/updatePassword',
    kind: 'json',
    summary: "An administrator resets an account's password; its sessions end.",
    body: z.object({ recId: id, password }).strict(),
    data: z.null(),
    access: { staff: 'account:edit', grants: 'account' },
  }),
  userGetById: endpoint({
    method: 'POST',
    path: '/user/getById',
    kind: 'json',
    summary: 'One account.',
    body: recIdBody,
    data: userRecord,
    access: { staff: 'account:view' },
  }),
  updatePasswordByUser: endpoint({
    method: 'POST',
    path: '/user/updatePasswordByUser',
    kind: 'json',
    summary: 'The caller changes their own password; every session of the caller ends.',
    body: z
      .object({
        password: z.string().min(1, messages.oldPasswordRequired.id).max(MAX_PASSWORD_LENGTH),
        newPassword: z
          .string()
          .min(1, messages.newPasswordRequired.id)
          .min(MIN_PASSWORD_LENGTH, messages.newPasswordTooShort.id)
          .max(MAX_PASSWORD_LENGTH),
        checkPassword: z.string().min(1, messages.repeatPasswordRequired.id).max(MAX_PASSWORD_LENGTH),
        recId: id.optional(),
        username: z.string().max(64).optional(),
      })
      .strict()
      .refine((b) => b.newPassword === b.checkPassword, {
        path: ['checkPassword'],
        message: messages.passwordMismatch.id,
      }),
    data: z.null(),
    access: { anyUser: true },
  }),
};
