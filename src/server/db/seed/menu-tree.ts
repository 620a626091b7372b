/**
 * The menu tree of the admin surface (spec routes under /admin), as seed data. Names are data in
 * three languages (the role editor and side menu show them); `perms` are the permission keys a
 * screen grants. Buttons (type 3) are generated from the contract's staff permissions.
 */
export interface SeedMenu {
  path: string;
  name: [cn: string, en: string, ar: string];
  icon?: string;
  perms?: string[];
  /** Permission keys of the contract whose buttons sit under this screen (beyond its own areas). */
  buttons?: string[];
  /**
   * The screen this one takes over for staff: when it is first seeded into a database that has
   * roles, each role holding that screen is given this one too.
   */
  replaces?: string;
  children?: SeedMenu[];
}

export const MENU_TREE: SeedMenu[] = [
  {
    path: '/admin/order',
    name: ['订单管理', 'Orders', 'الطلبات'],
    icon: 'profile',
    children: [
      {
        path: '/admin/order/list',
        name: ['订单列表', 'Order list', 'قائمة الطلبات'],
        perms: ['order:view', 'exportTask:view'],
      },
      {
        path: '/admin/order/scan',
        name: ['到仓扫描', 'Warehouse scan', 'مسح الاستلام'],
        perms: ['order:scan'],
      },
      // Staff enter and import orders for a customer here; the Customer centre is the customers' own.
      {
        path: '/admin/order/input',
        name: ['订单录入', 'Enter an order', 'إدخال طلب'],
        replaces: '/admin/user/order/input',
      },
      {
        path: '/admin/order/batch',
        name: ['批量导入', 'Import orders', 'استيراد الطلبات'],
        replaces: '/admin/user/order/batch',
      },
      {
        path: '/admin/order/importRecord',
        name: ['导入记录', 'Import records', 'سجل الاستيراد'],
        replaces: '/admin/user/order/importRecord',
      },
      {
        path: '/admin/customerService/abnormalOrders',
        name: ['异常订单', 'Abnormal orders', 'الطلبات غير الطبيعية'],
        perms: ['abnormal:view'],
      },
      { path: '/admin/export/invoice', name: ['导出发票', 'Invoices', 'الفواتير'], perms: ['invoice:view'] },
    ],
  },
  {
    path: '/admin/foreignOrder',
    name: ['境外订单', 'Foreign orders', 'الطلبات الخارجية'],
    icon: 'global',
    children: [
      {
        path: '/admin/foreignOrder/list',
        name: ['境外订单列表', 'Foreign order list', 'قائمة الطلبات الخارجية'],
        perms: ['foreignOrder:view'],
      },
      {
        path: '/admin/foreignOrder/listManage',
        name: ['境外订单管理', 'Foreign order management', 'إدارة الطلبات الخارجية'],
        perms: ['foreignOrder:view'],
      },
      {
        path: '/admin/foreignOrder/input',
        name: ['境外订单录入', 'Foreign order entry', 'إدخال طلب خارجي'],
        perms: ['foreignOrder:edit'],
      },
      {
        path: '/admin/foreignOrder/data',
        name: ['境外订单数据', 'Foreign order data', 'بيانات الطلبات الخارجية'],
        perms: ['foreignOrder:view'],
      },
      {
        path: '/admin/foreignOrder/pushRecord',
        name: ['推送记录', 'Push records', 'سجل الإرسال'],
        perms: ['foreignOrder:view'],
      },
    ],
  },
  {
    path: '/admin/ladingBll',
    name: ['提单管理', 'Lading', 'بوالص الشحن'],
    icon: 'container',
    children: [
      {
        path: '/admin/ladingBll/manage',
        name: ['提单列表', 'Lading bills', 'قائمة بوالص الشحن'],
        perms: ['lading:view', 'batch:view'],
      },
      {
        path: '/admin/ladingBll/overseas',
        name: ['海外提单', 'Overseas lading', 'بوالص الشحن الخارجية'],
        perms: ['overseasLading:view', 'exchange:view'],
      },
      {
        path: '/admin/ladingBll/merge',
        name: ['合箱', 'Merge packages', 'دمج الطرود'],
        perms: ['package:view'],
      },
      { path: '/admin/ladingBll/package', name: ['包裹列表', 'Packages', 'الطرود'], perms: ['package:view'] },
    ],
  },
  {
    path: '/admin/customs',
    name: ['清关管理', 'Customs', 'الجمارك'],
    icon: 'safety',
    children: [
      {
        path: '/admin/customs/bill-of-lading',
        name: ['清关提单', 'Clearance lading', 'بوالص التخليص'],
        perms: ['lading:view'],
      },
      {
        path: '/admin/customs/sensitive-word',
        name: ['敏感词', 'Sensitive words', 'الكلمات الحساسة'],
        perms: ['sensitiveWord:view'],
      },
    ],
  },
  {
    path: '/admin/priceManage',
    name: ['费用管理', 'Fees', 'الرسوم'],
    icon: 'account-book',
    children: [
      {
        path: '/admin/priceManage/feeDetail',
        name: ['费用明细', 'Fee details', 'تفاصيل الرسوم'],
        perms: ['fee:view'],
      },
      {
        path: '/admin/priceManage/feeException',
        name: ['费用异常', 'Fee exceptions', 'استثناءات الرسوم'],
        perms: ['feeException:view'],
      },
    ],
  },
  {
    path: '/admin/report',
    name: ['报表中心', 'Reports', 'التقارير'],
    icon: 'bar-chart',
    children: [
      {
        path: '/admin/report/waybill',
        name: ['运单报表', 'Waybill report', 'تقرير البوالص'],
        perms: ['report:view'],
      },
      {
        path: '/admin/report/logisticsbill',
        name: ['物流账单', 'Logistics bills', 'فواتير الشحن'],
        perms: ['statement:view'],
      },
      {
        path: '/admin/report/collecting',
        name: ['代收货款', 'COD collected', 'المبالغ المحصلة'],
        perms: ['collecting:view'],
      },
      {
        path: '/admin/report/codModification',
        name: ['COD修改', 'COD modification', 'تعديل الدفع عند الاستلام'],
        // Its exports are followed and downloaded through the export tasks.
        perms: ['cod:view', 'exportTask:view'],
      },
      {
        path: '/admin/report/promptRecord',
        name: ['妥投退件记录', 'Delivery and return records', 'سجلات التسليم والإرجاع'],
        perms: ['promptRecord:view', 'exportTask:view'],
      },
      {
        path: '/admin/report/recallRecord',
        name: ['召回记录', 'Recall records', 'سجلات الاسترجاع'],
        // The returned orders are the return confirmations (statement/promptReturnList).
        perms: ['promptRecord:view', 'exportTask:view'],
      },
      {
        path: '/admin/report/closedLoopData',
        name: ['闭环数据', 'Closed-loop data', 'بيانات الحلقة المغلقة'],
        perms: ['closedLoop:view', 'exportTask:view'],
      },
      {
        path: '/admin/report/analysis',
        name: ['订单分析', 'Order analysis', 'تحليل الطلبات'],
        // Its exports are followed and downloaded through the export tasks.
        perms: ['analysis:view', 'exportTask:view'],
      },
    ],
  },
  {
    path: '/admin/info',
    name: ['客户管理', 'Customers', 'العملاء'],
    icon: 'team',
    children: [
      {
        path: '/admin/info/customer',
        name: ['客户列表', 'Customer list', 'قائمة العملاء'],
        perms: ['customer:view'],
        buttons: ['apiKey:edit'],
      },
    ],
  },
  {
    path: '/admin/setting',
    name: ['基础设置', 'Settings', 'الإعدادات'],
    icon: 'setting',
    children: [
      {
        path: '/admin/options',
        name: ['系统选项', 'Options', 'الخيارات'],
        perms: ['volumeLimit:view', 'trackingNode:view', 'depot:view'],
      },
      { path: '/admin/options/point', name: ['区域管理', 'Regions', 'المناطق'], perms: ['region:view'] },
      {
        path: '/admin/options/carrier',
        name: ['承运商', 'Carriers', 'شركات النقل'],
        perms: ['carrier:view'],
      },
      {
        path: '/admin/options/editChannel',
        name: ['物流渠道', 'Shipping channels', 'قنوات الشحن'],
        perms: ['shipping:view'],
      },
      {
        path: '/admin/options/trackingNo',
        name: ['单号池', 'Tracking numbers', 'أرقام التتبع'],
        perms: ['trackingNo:view'],
      },
      {
        path: '/admin/options/printer',
        name: ['标签打印机', 'Label printers', 'طابعات الملصقات'],
        perms: ['printer:view'],
      },
      {
        path: '/admin/options/prints',
        name: ['打印记录', 'Prints', 'سجل الطباعة'],
        perms: ['print:view'],
        buttons: ['print:retry'],
      },
    ],
  },
  {
    path: '/admin/system',
    name: ['系统管理', 'System', 'النظام'],
    icon: 'control',
    children: [
      { path: '/admin/system/account', name: ['账号管理', 'Accounts', 'الحسابات'], perms: ['account:view'] },
      { path: '/admin/system/role', name: ['角色管理', 'Roles', 'الأدوار'], perms: ['role:view'] },
      { path: '/admin/system/menu', name: ['菜单管理', 'Menus', 'القوائم'], perms: ['menu:view'] },
      {
        path: '/admin/system/audit',
        name: ['审计日志', 'Audit log', 'سجل التدقيق'],
        perms: ['audit:view', 'exportTask:view'],
      },
      { path: '/admin/system/jobs', name: ['后台任务', 'Jobs', 'المهام'], perms: ['job:view'] },
    ],
  },
  {
    path: '/admin/user',
    name: ['客户中心', 'Customer centre', 'مركز العميل'],
    icon: 'user',
    children: [
      { path: '/admin/user/order/input', name: ['订单录入', 'Enter an order', 'إدخال طلب'] },
      { path: '/admin/user/order/batch', name: ['批量导入', 'Import orders', 'استيراد الطلبات'] },
      { path: '/admin/user/order/list', name: ['我的订单', 'My orders', 'طلباتي'] },
      { path: '/admin/user/order/importRecord', name: ['导入记录', 'Import records', 'سجل الاستيراد'] },
      { path: '/admin/user/options', name: ['我的设置', 'My settings', 'إعداداتي'] },
      { path: '/admin/user/analysis', name: ['我的分析', 'My analysis', 'تحليلاتي'] },
      // API keys, webhooks and their deliveries (issue 39); a sub-account sees its own.
      { path: '/admin/user/developers', name: ['开发者', 'Developers', 'المطورون'] },
    ],
  },
];

/** Button names: "<screen> · <action>", the action (or the whole key) in three languages. */
export const ACTION_NAMES: Record<string, [string, string, string]> = {
  view: ['查看', 'view', 'عرض'],
  edit: ['编辑', 'edit', 'تعديل'],
  delete: ['删除', 'delete', 'حذف'],
  import: ['导入', 'import', 'استيراد'],
  export: ['导出', 'export', 'تصدير'],
  print: ['打印', 'print', 'طباعة'],
  scan: ['扫描', 'scan', 'مسح'],
  check: ['核重', 'check weight', 'فحص الوزن'],
  confirm: ['确认', 'confirm', 'تأكيد'],
  pickup: ['提货', 'pick up', 'استلام'],
  cancel: ['取消', 'cancel', 'إلغاء'],
  approve: ['审批', 'approve', 'موافقة'],
  intercept: ['拦截', 'intercept', 'اعتراض'],
  recalc: ['重算', 'recalculate', 'إعادة الحساب'],
  retry: ['重试', 'retry', 'إعادة المحاولة'],
  // A permission whose button needs its own name rather than its action's.
  'apiKey:edit': ['API 密钥', 'API keys', 'مفاتيح API'],
};

/** Roles of the demo data, by the top-level menu paths (and button areas) they hold. */
export const DEMO_ROLES: { name: string; remark: string; menus: string[] }[] = [
  {
    name: 'Operator',
    remark: 'Warehouse and operations: orders, lading, customs, settings',
    menus: [
      '/admin/order',
      '/admin/foreignOrder',
      '/admin/ladingBll',
      '/admin/customs',
      '/admin/setting',
      '/admin/info',
    ],
  },
  {
    name: 'Finance',
    remark: 'Fees, COD approval, statements and reports',
    menus: ['/admin/priceManage', '/admin/report', '/admin/info'],
  },
  {
    name: 'Customer service',
    remark: 'Orders, abnormal orders and delivery records',
    menus: [
      '/admin/order',
      '/admin/foreignOrder',
      '/admin/report/promptRecord',
      '/admin/report/recallRecord',
    ],
  },
];
