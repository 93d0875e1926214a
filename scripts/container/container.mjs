// Runs Ponte's image with buildah (chroot isolation, the host's network) the way a container
// engine would: the image's entrypoint and command, its user and environment, /data on a
// folder of the host. Used by check-image.mjs.
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Output of a buildah subcommand (throws with its error output when it fails). */
export function buildah(...args) {
  return execFileSync('buildah', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** The image's configuration (entrypoint, command, user, environment) and its healthcheck. */
export function imageConfig(image) {
  const inspected = JSON.parse(buildah('inspect', '--type', 'image', image));
  return { ...inspected.OCIv1.config, Healthcheck: inspected.Docker?.config?.Healthcheck };
}

/**
 * Starts the image's command in a new working container with `dataDir` as /data. Resolves
 * once the process is spawned; `exited` resolves with its exit code.
 */
export function startContainer(image, { dataDir, env }) {
  const config = imageConfig(image);
  const name = buildah('from', '--pull=never', '--quiet', image).trim();
  // `buildah run` would put a volume of its own on the image's /data, over the `-v` mount
  // (docker run -v replaces it): the working container drops the declaration.
  buildah('config', '--volume', '/data-', name);
  const command = [...(config.Entrypoint ?? []), ...(config.Cmd ?? [])];
  const args = ['run', '--isolation', 'chroot', '--network', 'host', '-v', `${dataDir}:/data`];
  for (const [key, value] of Object.entries(env)) args.push('-e', `${key}=${value}`);
  const child = spawn('buildah', [...args, name, '--', ...command], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  return { name, config, child, exited, output: () => output };
}

/**
 * Runs the image's HEALTHCHECK command in the container beside the server (same network, the
 * same variables); true when it exits 0, as a container engine would count it healthy.
 */
export function healthy(container, env) {
  const test = container.config.Healthcheck?.Test ?? [];
  if (test[0] !== 'CMD') throw new Error(`A imagem não tem HEALTHCHECK em forma exec: ${test}`);
  const args = ['run', '--isolation', 'chroot', '--network', 'host'];
  for (const [key, value] of Object.entries(env)) args.push('-e', `${key}=${value}`);
  try {
    execFileSync('buildah', [...args, container.name, '--', ...test.slice(1)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Removes a working container (not the image nor its cached layers). */
export function removeContainer(name) {
  try {
    buildah('rm', name);
  } catch {
    // Already gone.
  }
}

function parentOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null; // Ended meanwhile.
  }
}

function commandOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0];
  } catch {
    return null;
  }
}

/** The processes started under `rootPid`, parents before their children. */
function descendants(rootPid) {
  const parents = new Map();
  for (const name of readdirSync('/proc')) {
    if (/^\d+$/.test(name)) parents.set(Number(name), parentOf(Number(name)));
  }
  const found = [];
  const queue = [rootPid];
  while (queue.length > 0) {
    const parent = queue.shift();
    for (const [pid, ppid] of parents) {
      if (ppid !== parent) continue;
      found.push(pid);
      queue.push(pid);
    }
  }
  return found;
}

/**
 * The container's first process (the image's entrypoint, tini): the first descendant of the
 * `buildah run` process that runs it. A container engine's `stop` sends SIGTERM to it.
 */
export function entrypointPid(container) {
  const entrypoint = container.config.Entrypoint?.[0];
  const pid = descendants(container.child.pid).find((each) => commandOf(each) === entrypoint);
  if (pid === undefined)
    throw new Error(`Nenhum processo ${entrypoint} no contêiner ${container.name}.`);
  return pid;
}

/**
 * After a failed check: SIGKILL to every process of the container (the server, its
 * PostgreSQL), children first, then to `buildah run` itself.
 */
export function killContainer(container) {
  for (const pid of descendants(container.child.pid).reverse()) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Ended meanwhile.
    }
  }
  container.child.kill('SIGKILL');
}
