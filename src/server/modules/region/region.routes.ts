import { SHEET_FILE } from '../../../shared/contract/core.ts';
import { RegionLevel, region } from '../../../shared/contract/region.ts';
import { type ImportSpec, receiveFile, runImport, templateFile } from '../../files/import.ts';
import { implement } from '../../http/context.ts';
import { addCustomerRegion, listCustomerRegions, updateCustomerRegion } from './customer-region.service.ts';
import { listRegions, regionLinks, regionOptions, updateRegionStatus } from './region.service.ts';
import { exportRegions } from './region-export.ts';
import { regionImport } from './region-import.ts';

export const regionRoutes = [
  implement(region.import, async (_i, ctx) =>
    runImport(ctx, regionImport, await receiveFile(ctx.req, SHEET_FILE), undefined),
  ),
  implement(region.template, async (_i, ctx) =>
    templateFile(regionImport as ImportSpec<unknown, unknown>, ctx),
  ),
  implement(region.list, ({ body }, ctx) => listRegions(ctx.db, ctx.locale, body)),
  implement(region.export, ({ body }, ctx) => exportRegions(ctx, body)),
  implement(region.updateStatus, async ({ body }, ctx) => ({
    updated: await updateRegionStatus(ctx.db, body.recIds, body.status),
  })),
  implement(region.getRegionAllSuperior, ({ body }, ctx) => regionLinks(ctx.db, ctx.locale, body.regionId)),
  implement(region.customerRegionList, ({ body }, ctx) =>
    listCustomerRegions(ctx.db, ctx.user, ctx.locale, body),
  ),
  implement(region.customerRegionAdd, ({ body }, ctx) =>
    addCustomerRegion(ctx.db, ctx.user, ctx.locale, body),
  ),
  implement(region.customerRegionUpdate, ({ body }, ctx) =>
    updateCustomerRegion(ctx.db, ctx.user, ctx.locale, body),
  ),
  implement(region.country, (_i, ctx) => regionOptions(ctx.db, ctx.locale, null, RegionLevel.country)),
  implement(region.nextCity, ({ body }, ctx) => regionOptions(ctx.db, ctx.locale, body.parentId)),
  implement(region.provinces, ({ body }, ctx) =>
    regionOptions(ctx.db, ctx.locale, body.countryId, RegionLevel.province),
  ),
  implement(region.citys, ({ body }, ctx) =>
    regionOptions(ctx.db, ctx.locale, body.provinceId, RegionLevel.city),
  ),
  implement(region.districts, ({ body }, ctx) =>
    regionOptions(ctx.db, ctx.locale, body.cityId, RegionLevel.district),
  ),
];
