import type { Implementation } from '../http/context.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { exportTaskRoutes } from './export-task/export-task.routes.ts';
import { systemRoutes } from './system/system.routes.ts';

/** Every implemented contract entry; the rest answer 501 until their issue lands. */
export const implementations: readonly Implementation[] = [
  ...authRoutes,
  ...systemRoutes,
  ...exportTaskRoutes,
];
