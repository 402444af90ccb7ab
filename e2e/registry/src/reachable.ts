/**
 * Fail at once, saying why, when the registry npm is configured with cannot be reached: the
 * test's Verdaccio proxies every dependency that is not Quiver's to it, so without it each
 * install would only wait out its time limit.
 * @param registry - the upstream registry URL, ending in `/`.
 * @param timeoutMs - how long one answer may take.
 */
export async function assertReachable(registry: string, timeoutMs = 20_000): Promise<void> {
  const url = `${registry}-/ping`;
  let problem: string;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (res.ok) return;
    problem = `it answered ${res.status} ${res.statusText}`;
  } catch (e) {
    const cause = (e as Error & { cause?: Error }).cause;
    problem = `${(e as Error).message}${cause ? ` (${cause.message})` : ''}`;
  }
  throw new Error(
    `The npm registry ${registry} (npm config get registry) cannot be reached: GET ${url}: ${problem}. ` +
      'The registry test proxies every non-Quiver dependency through it; give this machine access to it, or point npm at a reachable mirror (npm config set registry <url>).',
  );
}
