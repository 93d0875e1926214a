#!/usr/bin/env bash
# Builds Ponte's container image with buildah, on a machine with no access to a registry of
# images: the base image is made from Debian packages (debootstrap) plus the Node.js that runs
# this script, kept in buildah's local store and reused while the Debian suite and the Node
# version stay the same. Ponte's image is then built from the Dockerfile with that base as
# NODE_IMAGE (anywhere else the default, the official node:20-bookworm-slim, is used).
#
# usage: scripts/container/build-image.sh [image-name]   (default: localhost/ponte:local)
# env:   PONTE_IMAGE_SUITE (bookworm), PONTE_IMAGE_MIRROR (http://deb.debian.org/debian)
set -euo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
image="${1:-localhost/ponte:local}"
suite="${PONTE_IMAGE_SUITE:-bookworm}"
mirror="${PONTE_IMAGE_MIRROR:-http://deb.debian.org/debian}"
node_bin="$(command -v node)"
node_bin="$(readlink -f "$node_bin")"
node_version="$("$node_bin" -p process.versions.node)"
base="localhost/ponte-node-base:${suite}-node${node_version}"

say() { echo "[imagem] $*"; }
now() { date +%s; }

for tool in buildah debootstrap; do
  command -v "$tool" >/dev/null || {
    echo "[imagem] '$tool' não está instalado (apt-get install -y buildah debootstrap)." >&2
    exit 2
  }
done

# npm and the C/C++ headers of the same installation (node-gyp builds the native modules
# against them); Debian's nodejs package and the official tarball lay them out alike.
node_prefix="$(dirname "$(dirname "$node_bin")")"
npm_dir="$node_prefix/lib/node_modules/npm"
include_dir="$node_prefix/include/node"

build_base() {
  local work started
  started=$(now)
  work="$(mktemp -d /var/tmp/ponte-base.XXXXXX)"
  trap 'rm -rf "$work"' RETURN
  say "criando a imagem base $base (debootstrap $suite + Node.js $node_version desta máquina)"
  debootstrap --variant=minbase --include=ca-certificates "$suite" "$work/rootfs" "$mirror" \
    >"$work/debootstrap.log" 2>&1 || {
    tail -n 20 "$work/debootstrap.log" >&2
    exit 1
  }
  # The layout of the official node image: everything under /usr/local, npm and npx linked.
  mkdir -p "$work/rootfs/usr/local/bin" "$work/rootfs/usr/local/lib/node_modules" \
    "$work/rootfs/usr/local/include"
  cp "$node_bin" "$work/rootfs/usr/local/bin/node"
  cp -a "$npm_dir" "$work/rootfs/usr/local/lib/node_modules/npm"
  [ -d "$include_dir" ] && cp -a "$include_dir" "$work/rootfs/usr/local/include/node"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$work/rootfs/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$work/rootfs/usr/local/bin/npx"
  # This machine's trusted certificates too, for networks whose proxy re-signs TLS; Node.js
  # reads the system's list through NODE_EXTRA_CA_CERTS (set below).
  if [ -d /usr/local/share/ca-certificates ]; then
    cp -a /usr/local/share/ca-certificates/. "$work/rootfs/usr/local/share/ca-certificates/"
    chroot "$work/rootfs" update-ca-certificates >/dev/null 2>&1
  fi
  rm -rf "$work/rootfs/var/cache/apt/archives/"*.deb "$work/rootfs/var/lib/apt/lists/"*
  tar -C "$work/rootfs" -cf "$work/rootfs.tar" .
  local ctr
  ctr=$(buildah from scratch)
  buildah add --quiet "$ctr" "$work/rootfs.tar" / >/dev/null
  buildah config --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    --env NODE_VERSION="$node_version" \
    --env NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt --cmd node "$ctr"
  buildah commit --quiet --rm "$ctr" "$base" >/dev/null
  say "imagem base pronta em $(($(now) - started)) s"
}

if buildah inspect --type image "$base" >/dev/null 2>&1; then
  say "imagem base $base já existe: reaproveitada"
else
  build_base
fi

started=$(now)
say "construindo $image a partir do Dockerfile (NODE_IMAGE=$base)"
# Docker's format: the OCI one has no HEALTHCHECK.
buildah bud --layers --force-rm --isolation chroot --format docker \
  --build-arg NODE_IMAGE="$base" \
  -f "$root/Dockerfile" -t "$image" "$root"
say "imagem $image pronta em $(($(now) - started)) s"
