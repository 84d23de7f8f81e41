#!/usr/bin/env node
// Renders a kustomize overlay and validates every object against its schema with the kubernetes-models classes:
//   node deploy/k8s/validate.mjs deploy/k8s/overlays/production
// Prints one JSON line { overlay, objects: [{ kind, name }], errors: [{ kind, name, message }] } and exits 1 when there
// is an error, an object of a kind no package here describes included (deploy/k8s/k8s.spec.ts runs it).
import { execFileSync } from 'node:child_process';
import { parseAllDocuments } from 'yaml';

/** The operators' resources, by API version; Kubernetes' own come from kubernetes-models/<group>/<version>. */
const CUSTOM_MODELS = {
  'keda.sh/v1alpha1': () => import('@kubernetes-models/keda/keda.sh/v1alpha1'),
  'monitoring.coreos.com/v1': () => import('@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1'),
  'postgresql.cnpg.io/v1': () => import('@kubernetes-models/cloudnative-pg/postgresql.cnpg.io/v1'),
};

/** The model class of an object's apiVersion and kind, or undefined when no package here has it. */
async function modelOf({ apiVersion, kind }) {
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') return undefined;
  let models;
  try {
    models = await (CUSTOM_MODELS[apiVersion]?.() ?? import(`kubernetes-models/${apiVersion}`));
  } catch {
    return undefined;
  }
  const Model = Object.hasOwn(models, kind) ? models[kind] : undefined;
  return Model?.apiVersion === apiVersion && Model?.kind === kind ? Model : undefined;
}

function render(overlay) {
  try {
    return { text: execFileSync('kubectl', ['kustomize', overlay], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 }) };
  } catch (err) {
    if (err.code === 'ENOENT') return { error: 'kubectl is not installed: the overlays are rendered with `kubectl kustomize` (kustomize v5)' };
    return { error: `kubectl kustomize ${overlay} failed: ${String(err.stderr || err.message).trim()}` };
  }
}

async function validate(overlay) {
  const result = { overlay, objects: [], errors: [] };
  const { text, error } = render(overlay);
  if (error) {
    result.errors.push({ kind: null, name: null, message: error });
    return result;
  }
  for (const doc of parseAllDocuments(text)) {
    if (doc.errors.length) {
      result.errors.push({ kind: null, name: null, message: `YAML: ${doc.errors.map((e) => e.message).join('; ')}` });
      continue;
    }
    const obj = doc.toJSON();
    if (obj === null) continue;
    const ref = { kind: obj.kind ?? null, name: obj.metadata?.name ?? null };
    result.objects.push(ref);
    const Model = await modelOf(obj);
    if (!Model) {
      result.errors.push({ ...ref, message: `no schema for ${obj.apiVersion} ${obj.kind} in kubernetes-models or the operators' packages` });
      continue;
    }
    try {
      new Model(obj).validate();
    } catch (err) {
      const details = Array.isArray(err.errors) ? err.errors.map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ') : '';
      result.errors.push({ ...ref, message: details || err.message });
    }
  }
  return result;
}

const overlay = process.argv[2];
if (!overlay) {
  console.error('usage: node deploy/k8s/validate.mjs <overlay directory>');
  process.exit(2);
}
const result = await validate(overlay);
console.log(JSON.stringify(result));
process.exitCode = result.errors.length ? 1 : 0;
