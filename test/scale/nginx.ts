import { spawn, spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

/** Debian's nginx (`apt-get install -y nginx`), or NGINX_PATH; null when neither is there. */
export function findNginx(): string | null {
  const candidates = [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/bin/nginx'].filter(Boolean) as string[]
  for (const candidate of candidates) if (existsSync(candidate)) return candidate
  const which = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' })
  return which.status === 0 && which.stdout.trim() ? which.stdout.trim() : null
}

/**
 * The balancer as README's "Running on many machines" configures it: round robin over the
 * processes, X-Forwarded-For appended (TRUST_PROXY believes it from loopback), the Host kept (so
 * same-origin writes pass CSRF), unbuffered (live event streams), and an idempotent request tried on
 * the next process when its process refused the connection, failed before answering, or answered
 * 503 — as a stopping process answers a request that arrives on a kept-alive connection once it
 * closes (Fastify's return503OnClosing; docs/decisions/009-graceful-shutdown.md).
 */
export function nginxConf(dir: string, listenPort: number, upstreamPorts: number[]): string {
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream khaneh {
${upstreamPorts.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${listenPort};
    client_max_body_size 20m;
    location / {
      proxy_pass http://khaneh;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_buffering off;
      proxy_next_upstream error timeout http_503;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
    }
  }
}
`
}

export interface Nginx {
  url: string
  /** What nginx wrote to its error log (retries to the next upstream are logged there). */
  errorLog(): string
  stop(): Promise<void>
}

/** nginx in the foreground (`daemon off`), its configuration, pid and logs in a directory of its own. */
export async function startNginx(binary: string, listenPort: number, upstreamPorts: number[]): Promise<Nginx> {
  const dir = mkdtempSync(path.join(tmpdir(), 'khaneh-scale-nginx-'))
  // started as root, nginx's workers run as nobody: they write their buffers under this directory
  chmodSync(dir, 0o777)
  const conf = path.join(dir, 'nginx.conf')
  writeFileSync(conf, nginxConf(dir, listenPort, upstreamPorts))
  const child = spawn(binary, ['-p', dir, '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const url = `http://127.0.0.1:${listenPort}`
  const errorLog = () => {
    try {
      return readFileSync(path.join(dir, 'error.log'), 'utf8')
    } catch {
      return ''
    }
  }
  let up = false
  for (let i = 0; i < 100 && !up && child.exitCode === null; i++) {
    up = await fetch(`${url}/healthz`).then(
      () => true,
      () => false,
    )
    if (!up) await sleep(100)
  }
  if (!up) {
    child.kill('SIGKILL')
    throw new Error(`nginx did not start:\n${output}\n${errorLog()}`)
  }
  return {
    url,
    errorLog,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGQUIT')
        await Promise.race([exited, sleep(5_000).then(() => child.kill('SIGKILL'))])
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
