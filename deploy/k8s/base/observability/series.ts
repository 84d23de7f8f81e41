import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parser } from '@prometheus-io/lezer-promql';
import { parse } from 'yaml';

/** The dashboard's and the alert rules' queries, each with where it comes from (issue 32). */
export interface Query { where: string; expr: string }

const here = (file: string) => readFileSync(join(__dirname, file), 'utf8');

export function alertRules(): { alert: string; expr: string; labels?: Record<string, string>; annotations?: Record<string, string> }[] {
  const rule = parse(here('alert-rules.yaml')) as { spec: { groups: { rules: { alert: string; expr: string }[] }[] } };
  return rule.spec.groups.flatMap((g) => g.rules);
}

export function dashboard(): { uid: string; title: string; panels: { title: string; targets: { expr: string }[] }[] } {
  return JSON.parse(here('dashboard.json'));
}

export function queries(): Query[] {
  return [
    ...alertRules().map((r) => ({ where: `alert ${r.alert}`, expr: r.expr })),
    ...dashboard().panels.flatMap((p) => p.targets.map((t) => ({ where: `panel ${p.title}`, expr: t.expr }))),
  ];
}

/** Grafana's range variables as Prometheus reads them once Grafana has filled them in. */
const asPrometheusReads = (expr: string) => expr.replace(/\$__rate_interval|\$__range|\$__interval/g, '5m');

/** Where PromQL's parser found an error in `expr` (empty: it parses). */
export function syntaxErrors(expr: string): number[] {
  const errors: number[] = [];
  parser.parse(asPrometheusReads(expr)).iterate({ enter: (node) => { if (node.type.isError) errors.push(node.from); } });
  return errors;
}

/** The metric names a query reads (its vector selectors' names). */
export function metricNames(expr: string): string[] {
  const text = asPrometheusReads(expr);
  const names = new Set<string>();
  parser.parse(text).iterate({
    enter: (node) => {
      if (node.name !== 'VectorSelector') return;
      const id = node.node.getChild('Identifier');
      if (id) names.add(text.slice(id.from, id.to));
    },
  });
  return [...names];
}
