import type { Env } from '../config/env.js';
import { deploymentReasons } from '../config/deployment.js';

/** Who may read /metrics: with METRICS_TOKEN, whoever sends it; without, only this computer, and never a deployment. */
export function metricsAccess(env: Env): 'token' | 'loopback' | 'closed' {
  if (env.METRICS_TOKEN) return 'token';
  return deploymentReasons(env).length > 0 ? 'closed' : 'loopback';
}
