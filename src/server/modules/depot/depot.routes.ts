import { and, asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { depot } from '../../../shared/contract/depot.ts';
import { depots, regions } from '../../db/schema/index.ts';
import { localName } from '../../db/sql-helpers.ts';
import { implement } from '../../http/context.ts';

const country = alias(regions, 'country');

export const depotRoutes = [
  implement(depot.list, async ({ body }, ctx) => {
    const rows = await ctx.db
      .select({ depot: depots, country })
      .from(depots)
      .leftJoin(country, eq(country.id, depots.countryId))
      .where(
        and(
          eq(depots.status, 1),
          body.countryId === undefined ? undefined : eq(depots.countryId, body.countryId),
        ),
      )
      .orderBy(asc(depots.code));
    return rows.map(({ depot: d, country: c }) => ({
      recId: d.id,
      code: d.code,
      name: d.name,
      countryId: d.countryId,
      countryCode: c?.code ?? null,
      countryName: c ? localName(c, ctx.locale) : null,
      address: d.address,
      status: d.status,
    }));
  }),
];
