/**
 * The load balancer's configuration: Caddy on loopback, each request to the API process with the fewest
 * requests under way (one slowed by a long request or a garbage collection gets fewer new ones), each checked
 * on /readyz. Caddy replaces any X-Forwarded-For a client sends with the address it saw (it trusts no
 * proxy in front of itself), so the API processes may believe the one hop it adds (TRUST_PROXY=127.0.0.1).
 * Caddy keeps its autosaved config under XDG_CONFIG_HOME, which the topology points at its own folder.
 */
export interface CaddyfileInput {
  /** Where the balancer listens (loopback only). */
  port: number;
  /** The API processes' ports on loopback. */
  apiPorts: number[];
}

export function caddyfile({ port, apiPorts }: CaddyfileInput): string {
  const upstreams = apiPorts.map((apiPort) => `127.0.0.1:${apiPort}`).join(' ');
  return `{
	admin off
	auto_https off
}

http://127.0.0.1:${port} {
	bind 127.0.0.1
	reverse_proxy ${upstreams} {
		lb_policy least_conn
		# A request that finds its process down is tried on the other for up to 5 s.
		lb_try_duration 5s
		lb_try_interval 250ms
		# Active checks: a process whose /readyz fails (its database gone, shutting down) gets no requests.
		health_uri /readyz
		health_interval 2s
		health_timeout 2s
		health_status 200
		# Passive checks: a process that refused a connection is left out for 10 s.
		fail_duration 10s
	}
}
`;
}
