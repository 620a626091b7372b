/**
 * ECharts as the analysis screen uses it: only its chart types and components, drawn as SVG (crisp
 * at any zoom, and its text stays text). Imported dynamically by chart.tsx, so this chunk loads with
 * the first chart of the analysis route and never elsewhere.
 */
import { BarChart, FunnelChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

use([
  LineChart,
  BarChart,
  PieChart,
  FunnelChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  SVGRenderer,
]);

export { init };
