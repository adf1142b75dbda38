/** /health: the single word a liveness probe looks for; not translated on purpose. */
export function HealthPage() {
  return <>healthy</>;
}
