// Runs Ponte's image with buildah (chroot isolation, the host's network) the way a container
// engine would: the image's entrypoint and command, its user and environment, /data on a
// folder of the host. Used by check-image.mjs.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Output of a buildah subcommand (throws with its error output when it fails). */
export function buildah(...args) {
  return execFileSync('buildah', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** The image's configuration: entrypoint, command, user, environment. */
export function imageConfig(image) {
  return JSON.parse(
    buildah('inspect', '--type', 'image', '--format', '{{json .OCIv1.Config}}', image),
  );
}

/**
 * Starts the image's command in a new working container with `dataDir` as /data. Resolves
 * once the process is spawned; `exited` resolves with its exit code.
 */
export function startContainer(image, { dataDir, env }) {
  const config = imageConfig(image);
  const name = buildah('from', '--pull=never', '--quiet', image).trim();
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

/** Removes a working container (not the image nor its cached layers). */
export function removeContainer(name) {
  try {
    buildah('rm', name);
  } catch {
    // Already gone.
  }
}

function parentOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

function commandOf(pid) {
  return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0];
}

/**
 * The container's first process (the image's entrypoint, tini): the parent of the server,
 * whose process id the embedded database's lock file in /data names. A container engine's
 * `stop` sends SIGTERM to that process.
 */
export function entrypointPid(dataDir, entrypoint) {
  const owner = JSON.parse(readFileSync(join(dataDir, 'postgres.owner'), 'utf8'));
  const parent = parentOf(owner.pid);
  if (commandOf(parent) !== entrypoint) {
    throw new Error(`O processo pai do servidor não é ${entrypoint}: ${commandOf(parent)}`);
  }
  return parent;
}
