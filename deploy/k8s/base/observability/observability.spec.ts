import { alertRules, dashboard, metricNames, queries, syntaxErrors } from './series';

/** Issue 32: the dashboard and the alert rules parse, and every query is PromQL (their series: gateway/test/operations.e2e.ts). */
describe('the dashboard and the alert rules', () => {
  it('are a Grafana dashboard and a PrometheusRule with a severity and a summary on every alert', () => {
    expect(dashboard()).toMatchObject({ uid: 'medcanna-operations', title: expect.any(String) });
    expect(dashboard().panels.length).toBeGreaterThanOrEqual(12);
    for (const rule of alertRules()) {
      expect({ alert: rule.alert, severity: rule.labels?.severity, summary: Boolean(rule.annotations?.summary) })
        .toEqual({ alert: rule.alert, severity: expect.stringMatching(/^(critical|warning)$/), summary: true });
    }
  });

  it('ask Prometheus only what it parses, of the project\'s own series', () => {
    for (const { where, expr } of queries()) {
      expect({ where, errors: syntaxErrors(expr) }).toEqual({ where, errors: [] });
      expect({ where, names: metricNames(expr).length > 0 }).toEqual({ where, names: true });
    }
    expect(syntaxErrors('sum(rate(mc_http_requests_total[5m]) by')).not.toEqual([]);
    expect(metricNames('histogram_quantile(0.95, sum by (le) (rate(mc_http_request_duration_seconds_bucket{route="/x"}[5m])))')).toEqual(['mc_http_request_duration_seconds_bucket']);
  });
});
